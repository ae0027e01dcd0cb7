import { describe, expect, it } from "vitest";

import { eventFromForm, initialFlow, reduceFlow, textAnswers, type FlowContext, type FlowState } from "./flow";

const video = { fileName: "me.webm", size: 1234, mimeType: "video/webm" };
const js: FlowContext = { allowTextResponses: true, questionCount: 2, canRecordInBrowser: true };
const noJs: FlowContext = { ...js, canRecordInBrowser: false };
const videoOnly: FlowContext = { ...js, allowTextResponses: false };

const at = (step: FlowState["step"], extra: Partial<FlowState> = {}): FlowState => ({
  ...initialFlow(2),
  respondentName: "Ann",
  respondentEmail: "ann@example.com",
  step,
  ...extra,
});

describe("the testimonial flow", () => {
  it("needs a name and a valid e-mail to leave step 1", () => {
    const bad = reduceFlow(initialFlow(2), { type: "about", respondentName: " ", respondentEmail: "ann@example" }, js);
    expect(bad.state.step).toBe(1);
    expect(bad.errors?.respondentEmail).toEqual(["Please enter a valid email address"]);
    expect(bad.errors?.respondentName).toBeDefined();
    for (const email of ["a b@c.d", "ann.example.com", "ann@examplecom", "@x.y"]) {
      expect(
        reduceFlow(initialFlow(2), { type: "about", respondentName: "Ann", respondentEmail: email }, js).state.step,
      ).toBe(1);
    }
    const good = reduceFlow(
      initialFlow(2),
      { type: "about", respondentName: " Ann ", respondentEmail: "ann@example.com" },
      js,
    );
    expect(good.errors).toBeUndefined();
    expect(good.state).toMatchObject({ step: 2, respondentName: "Ann" });
  });

  it("goes to the recorder with JavaScript and to the capture input without", () => {
    expect(reduceFlow(at(2), { type: "method", method: "record" }, js).state.step).toBe("record");
    expect(reduceFlow(at(2), { type: "method", method: "record" }, noJs).state.step).toBe(3);
    expect(reduceFlow(at(2), { type: "method", method: "upload" }, js).state.step).toBe(3);
  });

  it("goes from the video to text answers only when the campaign allows them", () => {
    expect(reduceFlow(at(3), { type: "video", video }, js).state.step).toBe(4);
    expect(reduceFlow(at(3), { type: "video", video }, videoOnly).state.step).toBe(5);
    expect(reduceFlow(at(4), { type: "thoughts", responses: ["One", ""] }, js).state).toMatchObject({
      step: 5,
      responses: ["One", ""],
    });
  });

  it("moves back one step at a time", () => {
    expect(reduceFlow(at(2), { type: "back" }, js).state.step).toBe(1);
    expect(reduceFlow(at(3, { method: "upload" }), { type: "back" }, js).state.step).toBe(2);
    expect(reduceFlow(at(4, { method: "upload" }), { type: "back" }, js).state.step).toBe(3);
    expect(reduceFlow(at(4, { method: "record" }), { type: "back" }, js).state.step).toBe("record");
    expect(reduceFlow(at(5, { method: "upload" }), { type: "back" }, videoOnly).state.step).toBe(3);
    expect(reduceFlow(at(6), { type: "back" }, js).state.step).toBe(5);
  });

  it("Record Again clears the video and returns to step 2 with record chosen", () => {
    const next = reduceFlow(at(5, { method: "upload", video }), { type: "record-again" }, js).state;
    expect(next).toMatchObject({ step: 2, method: "record", video: null });
  });

  it("needs a video to pass the review", () => {
    expect(reduceFlow(at(5, { video }), { type: "review-ok" }, js).state.step).toBe(6);
    expect(reduceFlow(at(5), { type: "review-ok" }, js).errors?.video).toBeDefined();
  });

  it("Record Another Video resets to step 2 and clears video, consent and answers", () => {
    const next = reduceFlow(at(7, { video, consentGiven: true, responses: ["a", "b"] }), { type: "another" }, js).state;
    expect(next).toMatchObject({
      step: 2,
      video: null,
      consentGiven: false,
      responses: ["", ""],
      respondentName: "Ann",
    });
  });

  it("reads step forms and keeps only non-blank answers with their questions", () => {
    const form = new FormData();
    form.set("response-0", "  Great  ");
    form.set("response-1", "   ");
    const event = eventFromForm("thoughts", form, 2);
    const state = reduceFlow(at(4), event!, js).state;
    expect(textAnswers(state, [{ question: "Q1" }, { question: "Q2" }])).toEqual([
      { questionIndex: 0, question: "Q1", response: "Great" },
    ]);
    expect(eventFromForm("submit", form, 2)).toBeNull();
  });
});
