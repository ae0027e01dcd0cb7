import { expect, test } from "vitest";

import { clipLength, contributorNames, describeScript, formatTranscript, joinNames, scriptFormatFor } from "./script";

test("the script line of the progress card", () => {
  expect(describeScript(6, 2)).toBe("6 speaker segments");
  expect(describeScript(4, 1)).toBe("One voice throughout");
});

test("the format follows the hosts and the source", () => {
  expect(scriptFormatFor(1, false)).toBe("single_host");
  expect(scriptFormatFor(2, false)).toBe("dual_host");
  expect(scriptFormatFor(1, true)).toBe("multi_contributor");
});

test("names: each once, unnamed stories are 'a family member', joined as people say them", () => {
  expect(
    contributorNames([
      { contributorName: "Ann", content: "" },
      { contributorName: " Ann ", content: "" },
      { content: "" },
    ]),
  ).toEqual(["Ann", "a family member"]);
  expect([[], ["Ann"], ["Ann", "Bo"], ["Ann", "Bo", "Cy"]].map(joinNames)).toEqual([
    "",
    "Ann",
    "Ann and Bo",
    "Ann, Bo and Cy",
  ]);
});

test("the transcript names the speaker of each paragraph as it is given", () => {
  expect(
    formatTranscript(
      [
        { speaker: "host1", text: "Hi." },
        { speaker: "host2", text: "Hello." },
      ],
      { host1: "Grace", host2: "Henry" },
    ),
  ).toBe("Grace: Hi.\n\nHenry: Hello.");
});

test("a recording's length reads m:ss", () => {
  expect([0, 7.4, 59.6, 102, 600].map(clipLength)).toEqual(["0:00", "0:07", "1:00", "1:42", "10:00"]);
});
