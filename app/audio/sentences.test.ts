import { describe, expect, test } from "vitest";

import { sentencesOf } from "./sentences";

// [paragraph, its sentences joined by " | "]: where a family's sentences end, and where they do not.
export const SENTENCE_CASES: Array<[string, string]> = [
  [
    "He rented a room above Mr. Kowalski's store. It was cold.",
    "He rented a room above Mr. Kowalski's store. | It was cold.",
  ],
  [
    "We lived near Owatonna. A neighbour, Mr. Dahlberg, carried baby me out.",
    "We lived near Owatonna. | A neighbour, Mr. Dahlberg, carried baby me out.",
  ],
  ["Mrs. Olsen and Dr. Berg came. They stayed.", "Mrs. Olsen and Dr. Berg came. | They stayed."],
  ["We went to St. Paul. Then home.", "We went to St. Paul. | Then home."],
  ["They climbed Mt. Hood in July.", "They climbed Mt. Hood in July."],
  ["J. R. Smith wrote it. He was kind.", "J. R. Smith wrote it. | He was kind."],
  ["Harry S. Truman was president. We voted.", "Harry S. Truman was president. | We voted."],
  ["J.R.R. Tolkien was his favourite.", "J.R.R. Tolkien was his favourite."],
  ["It was 3.5 miles away. We walked.", "It was 3.5 miles away. | We walked."],
  ["It cost $3.50 a week. Cheap!", "It cost $3.50 a week. | Cheap!"],
  ["We left at 5 p.m. The next day was cold.", "We left at 5 p.m. | The next day was cold."],
  ["We left at 5 p.m. and came back late.", "We left at 5 p.m. and came back late."],
  ["He lived on Elm St. The house was small.", "He lived on Elm St. | The house was small."],
  ["He lived on Elm St. in Fargo.", "He lived on Elm St. in Fargo."],
  ["He lived on 5th St. The house was blue.", "He lived on 5th St. | The house was blue."],
  ["Born in St. Paul, Minn. and raised there.", "Born in St. Paul, Minn. and raised there."],
  ["John Smith Jr. was born. He cried.", "John Smith Jr. was born. | He cried."],
  ["It was Jan. 3 when it snowed.", "It was Jan. 3 when it snowed."],
  ["She lived at No. 5 for years.", "She lived at No. 5 for years."],
  ["Apples, pears, etc. were in the cellar.", "Apples, pears, etc. were in the cellar."],
  ['"Really?" she asked. He nodded.', '"Really?" she asked. | He nodded.'],
  ["Wait! Who is there? Nobody.", "Wait! | Who is there? | Nobody."],
  ["Then she left... And then it rained.", "Then she left... | And then it rained."],
  [
    "Capt. Berg and Sgt. Nelson came home. The war was over.",
    "Capt. Berg and Sgt. Nelson came home. | The war was over.",
  ],
  ["Rev. Lund married them. It rained.", "Rev. Lund married them. | It rained."],
  ["Then Dr. Smith came. He was late.", "Then Dr. Smith came. | He was late."],
];

describe("sentence ends", () => {
  test.each(SENTENCE_CASES)("%s", (paragraph, expected) => {
    expect(sentencesOf(paragraph).join(" | ")).toBe(expected);
  });

  test("the sentences joined give the paragraph back, line breaks as spaces", () => {
    const paragraph = "He rented a room above Mr.\nKowalski's store.  It cost $3.50   a week.";
    expect(sentencesOf(paragraph).join(" ")).toBe("He rented a room above Mr. Kowalski's store. It cost $3.50 a week.");
  });
});
