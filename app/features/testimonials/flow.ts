// Pure: the browser runs it in React state, the page action on a server-side draft.
import { checkAbout } from "./limits";
import { testimonialMessages } from "./messages";
import { canStartRecording, MAX_QUESTIONS } from "./recording";

export type FlowStep = 1 | 2 | 3 | 4 | 5 | 6 | 7 | "record";
export type ShareMethod = "record" | "upload";
export type VideoMeta = { fileName: string; size: number; mimeType: string };

export type FlowState = {
  step: FlowStep;
  respondentName: string;
  respondentEmail: string;
  method: ShareMethod;
  responses: string[];
  consentGiven: boolean;
  video: VideoMeta | null;
  selectedQuestions: number[];
};

export type FlowContext = {
  allowTextResponses: boolean;
  questionCount: number;
  canRecordInBrowser: boolean;
};

export type FlowEvent =
  | { type: "about"; respondentName: string; respondentEmail: string }
  | { type: "method"; method: ShareMethod }
  | { type: "video"; video: VideoMeta; selectedQuestions?: number[] }
  | { type: "thoughts"; responses: string[] }
  | { type: "review-ok" }
  | { type: "record-again" }
  | { type: "back" }
  | { type: "submitted" }
  | { type: "another" };

export type FlowErrors = Partial<
  Record<"respondentName" | "respondentEmail" | "video" | "selectedQuestions" | "consentGiven" | "form", string[]>
>;
export type FlowResult = { state: FlowState; errors?: FlowErrors };

export const PROGRESS_CIRCLES = 6;
export const FLOW_STEPS = PROGRESS_CIRCLES + 1;

export function initialFlow(questionCount: number): FlowState {
  return {
    step: 1,
    respondentName: "",
    respondentEmail: "",
    method: "record",
    responses: blankResponses(questionCount),
    consentGiven: false,
    video: null,
    selectedQuestions: [],
  };
}

export const withDefaults = (state: FlowState): FlowState => ({
  ...state,
  selectedQuestions: state.selectedQuestions ?? [],
});

export const blankResponses = (questionCount: number) => Array.from({ length: questionCount }, () => "");

export const videoStep = (method: ShareMethod, ctx: FlowContext): FlowStep =>
  method === "record" && ctx.canRecordInBrowser ? "record" : 3;
const afterVideo = (ctx: FlowContext): FlowStep => (ctx.allowTextResponses && ctx.questionCount > 0 ? 4 : 5);

export function previousStep(state: FlowState, ctx: FlowContext): FlowStep {
  switch (state.step) {
    case 2:
      return 1;
    case 3:
    case "record":
      return 2;
    case 4:
      return videoStep(state.method, ctx);
    case 5:
      return ctx.allowTextResponses && ctx.questionCount > 0 ? 4 : videoStep(state.method, ctx);
    case 6:
      return 5;
    default:
      return state.step;
  }
}

export const progressIndex = (step: FlowStep) => (step === "record" ? 3 : step);

export function reduceFlow(state: FlowState, event: FlowEvent, ctx: FlowContext): FlowResult {
  switch (event.type) {
    case "about": {
      // Not AboutSchema: Zod would be a quarter of the page's scripts (decision 0182).
      const about = checkAbout(event.respondentName, event.respondentEmail);
      const next = { ...state, respondentName: event.respondentName, respondentEmail: event.respondentEmail };
      if (!about.ok) return { state: { ...next, step: 1 }, errors: about.errors };
      return {
        state: { ...next, respondentName: about.respondentName, respondentEmail: about.respondentEmail, step: 2 },
      };
    }
    case "method":
      return { state: { ...state, method: event.method, step: videoStep(event.method, ctx) } };
    case "video":
      return {
        state: {
          ...state,
          video: event.video,
          selectedQuestions: state.method === "record" ? (event.selectedQuestions ?? []) : [],
          step: afterVideo(ctx),
        },
      };
    case "thoughts": {
      const responses = blankResponses(ctx.questionCount).map((_, i) => event.responses[i] ?? "");
      return { state: { ...state, responses, step: 5 } };
    }
    case "review-ok":
      if (!state.video)
        return {
          state: { ...state, step: videoStep(state.method, ctx) },
          errors: { video: [testimonialMessages.validation.videoRequired] },
        };
      return { state: { ...state, step: 6 } };
    case "record-again":
      return { state: { ...state, video: null, selectedQuestions: [], method: "record", step: 2 } };
    case "back":
      return { state: { ...state, step: previousStep(state, ctx) } };
    case "submitted":
      return { state: { ...state, step: 7 } };
    case "another":
      return {
        state: {
          ...state,
          step: 2,
          method: "record",
          video: null,
          selectedQuestions: [],
          consentGiven: false,
          responses: blankResponses(ctx.questionCount),
        },
      };
  }
}

export const FLOW_INTENTS = [
  "about",
  "method",
  "video",
  "thoughts",
  "review-ok",
  "record-again",
  "back",
  "submit",
  "another",
] as const;
export type FlowIntent = (typeof FLOW_INTENTS)[number];
export const isFlowIntent = (value: unknown): value is FlowIntent =>
  typeof value === "string" && (FLOW_INTENTS as readonly string[]).includes(value);

export const responseField = (index: number) => `response-${index}`;
/** One checkbox name per question: the no-JavaScript form reader keeps one value per name. */
export const selectedField = (index: number) => `selected-${index}`;

export function selectedFromForm(form: FormData, questionCount: number): { selected: number[]; errors?: FlowErrors } {
  const selected = blankResponses(questionCount)
    .map((_, i) => i)
    .filter((i) => form.get(selectedField(i)) !== null);
  if (!canStartRecording(selected)) {
    return {
      selected: selected.slice(0, MAX_QUESTIONS),
      errors: { selectedQuestions: [testimonialMessages.recorder.chooseQuestions] },
    };
  }
  return { selected };
}

export function eventFromForm(intent: FlowIntent, form: FormData, questionCount: number): FlowEvent | null {
  const text = (name: string) => String(form.get(name) ?? "");
  switch (intent) {
    case "about":
      return { type: "about", respondentName: text("respondentName"), respondentEmail: text("respondentEmail") };
    case "method":
      return { type: "method", method: text("method") === "upload" ? "upload" : "record" };
    case "thoughts":
      return {
        type: "thoughts",
        responses: blankResponses(questionCount).map((_, i) => text(responseField(i)).slice(0, 10_000)),
      };
    case "review-ok":
    case "record-again":
    case "back":
    case "another":
      return { type: intent };
    default:
      return null;
  }
}

export function textAnswers(state: FlowState, questions: ReadonlyArray<{ question: string }>) {
  return state.responses
    .map((response, questionIndex) => ({
      questionIndex,
      question: questions[questionIndex]?.question ?? "",
      response: response.trim(),
    }))
    .filter((r) => r.response !== "" && r.question !== "");
}
