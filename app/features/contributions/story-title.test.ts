import { describe, expect, it } from "vitest";

import { titleFromText } from "./story-title";

describe("a title made from the story", () => {
  it.each([
    [
      "Dear Margaret,\n\nThe summer of 1952 we drove to Maine. It rained.\n\nLove, Uncle Sal",
      "The summer of 1952 we drove to Maine",
    ],
    ["Hi all,\nI remember the farm in winter.\nLove,\nUncle Sal", "I remember the farm in winter"],
    ["Hi all, we went to the lake every August. Dad rowed.", "We went to the lake every August"],
    ["Hello everyone!\n\nGrandma baked bread on Sundays.", "Grandma baked bread on Sundays"],
    ["Dear Aunt Margaret and Uncle Bob,\nThe war years were hard.", "The war years were hard"],
    ["Hey, this one is about the old Ford!", "This one is about the old Ford!"],
    ["My dear Rose,\nWe met at a dance in 1961.\nWith love", "We met at a dance in 1961"],
    [
      "Liebe Margaret,\n\nIm Sommer 1960 fuhren wir an die Ostsee.\n\nLiebe Grüße\nOnkel Sal",
      "Im Sommer 1960 fuhren wir an die Ostsee",
    ],
    ["Chère Margaret,\nNous habitions près de la mer.\nBises,\nSal", "Nous habitions près de la mer"],
    ["Querida abuela:\nRecuerdo tu cocina en Sevilla.\nUn abrazo", "Recuerdo tu cocina en Sevilla"],
    ["Cara nonna, ricordo il tuo giardino. Era enorme.", "Ricordo il tuo giardino"],
    ["Beste Margaret,\nWe woonden in Utrecht.\nGroetjes", "We woonden in Utrecht"],
    ["Kochana babciu,\nPamiętam wakacje nad morzem.\nPozdrawiam", "Pamiętam wakacje nad morzem"],
    ["Дорогая бабушка,\nЯ помню нашу дачу.\nС любовью", "Я помню нашу дачу"],
    ["Hej alla!\nVi bodde i Göteborg.\nKram", "Vi bodde i Göteborg"],
    ["Kedves Margit,\nEmlékszem a nyarakra.\nÜdvözlettel", "Emlékszem a nyarakra"],
    ["Growing Up on the Farm\nWe had three cows and a very loud rooster.", "Growing Up on the Farm"],
    ["Cara went to the market, and came back with a goat.", "Cara went to the market, and came back with a goat"],
    ["Hiking with Dad\nEvery spring we walked the ridge.", "Hiking with Dad"],
    ["The Summer of '62\n\nWe drove to the lake.", "The Summer of '62"],
    ["Guess who came home? It was Dad.", "Guess who came home?"],
    ["  Grandma's garden  ", "Grandma's garden"],
    ["Dear Margaret,\n\nLove, Uncle Sal", ""],
    ["Best regards", ""],
    ["", ""],
  ])("%j is titled %j", (story, title) => {
    expect(titleFromText(story).title).toBe(title);
  });

  it("a heading is the title and says so; a first sentence is not a heading", () => {
    expect(titleFromText("The Farm\nWe had cows.")).toEqual({ title: "The Farm", heading: true });
    expect(titleFromText("Dear Margaret,\nThe Farm\nWe had cows.").heading).toBe(false);
    expect(titleFromText("We had cows. And a goat.")).toEqual({ title: "We had cows", heading: false });
  });

  it("a long first sentence is cut at a word, within 80 characters", () => {
    const title = titleFromText(`Dear all,\n${"word ".repeat(40)}end.`).title;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^word word .*…$/);
  });
});
