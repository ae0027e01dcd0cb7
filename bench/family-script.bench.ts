// Benchmark: the family programme's script (decision 0203), no voices. The episode bench's five stories
// and a collection of four relatives (a letter, a voice answer, two stories by one aunt, a one-line
// answer), each through the built-in writer, measured on the script as spoken (bench/lib/family-figures.ts).
// Goals: the collection's question read once; 0 relatives introduced twice; >= 80 % of host questions
// that name something answered by the part that follows; 0 salutations read as narration; and the
// episode bench's script figures (0 repeated lines, 0 split sentences, 0 digits) on the collection too.
import { renderDraft, writeBuiltinDraft } from "../app/features/podcasts/script/builtin-script-writer";
import type { BenchFigure } from "./figures";
import { benchEpisodes, benchFamilyCollection } from "./fixtures/episodes/index";
import { familyScriptFigures } from "./lib/family-figures";
import { scriptFigures } from "./tts-episode.bench";

export function runFamilyScriptBench(): BenchFigure[] {
  const collection = benchFamilyCollection();
  const all = [...benchEpisodes(), collection];
  const measured = all.map((req) => {
    const draft = writeBuiltinDraft(req);
    return { req, ...familyScriptFigures(req, draft, renderDraft(req, draft)) };
  });
  const family = measured.at(-1)!;
  const questions = measured.reduce((n, m) => n + m.questions, 0);
  const answered = measured.reduce((n, m) => n + m.answered, 0);
  const unnamed = measured.reduce((n, m) => n + m.unnamed, 0);
  const share = questions ? Math.round((100 * answered) / questions) : 0;
  const script = scriptFigures(collection);
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  return [
    {
      name: "family.script.question_reads",
      value: family.questionReads,
      unit: "times",
      goal: `1 (${met(family.questionReads === 1)})`,
      extra: `“${collection.title}”, ${collection.stories.length} stories by 4 relatives`,
    },
    {
      name: "family.script.introduced_twice",
      value: family.introducedTwice,
      unit: "relatives",
      goal: `0 (${met(family.introducedTwice === 0)})`,
    },
    {
      name: "family.script.questions_answered",
      value: share,
      unit: "%",
      goal: `>= 80 % (${met(share >= 80)})`,
      extra: `${answered} of ${questions} host questions naming a person, place, time or thing have them all in the part after; ${unnamed} more name nothing ("What happened next?"); ${all.length} scripts`,
    },
    {
      name: "family.script.salutations_as_narration",
      value: family.salutationsAsNarration,
      unit: "letters",
      goal: `0 (${met(family.salutationsAsNarration === 0)})`,
    },
    {
      name: "family.script.repeated_lines",
      value: script.repeated,
      unit: "lines",
      goal: `0 (${met(script.repeated === 0)})`,
    },
    {
      name: "family.script.split_sentences",
      value: script.split,
      unit: "parts",
      goal: `0 (${met(script.split === 0)})`,
    },
    {
      name: "family.script.digits",
      value: script.digits.length,
      unit: "digits",
      goal: `0 (${met(script.digits.length === 0)})`,
      extra: script.digits.slice(0, 8).join(", "),
    },
  ];
}
