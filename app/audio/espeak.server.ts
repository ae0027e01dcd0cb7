import { splitSentences } from "./speech-text";
import type { SynthesisTimings } from "./synthesis-timings";
import { PAUSES, secondsToSamples } from "./timeline";
import type { EspeakVoice } from "./voices.server";
import { encodeWav, trimSilence } from "./wav";

export const ESPEAK_SAMPLE_RATE = 22050;
const MIN_WPM = 80;
const MAX_WPM = 450;

export const espeakRate = (voice: EspeakVoice, speed: number) =>
  Math.round(Math.min(MAX_WPM, Math.max(MIN_WPM, voice.wpm * speed)));

// The engine reads SSML, so text must not be taken for markup.
const escapeSsml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function createVoice(voice: EspeakVoice, speed: number) {
  const { default: init } = await import("@echogarden/espeak-ng-emscripten");
  const engine = new (await init()).eSpeakNGWorker();
  engine.set_voice(voice.voice);
  engine.set_rate(espeakRate(voice, speed));
  engine.set_pitch(voice.pitch);
  engine.set_range(voice.range);
  return engine;
}

export async function espeakSpeak(
  voice: EspeakVoice,
  texts: string[],
  speed: number,
  timings: SynthesisTimings = { phonemize: 0, inference: 0 },
): Promise<{ sampleRate: number; segments: Float32Array[][] }> {
  let started = performance.now();
  const sentences = texts.map((text) => splitSentences(text));
  timings.phonemize += performance.now() - started;

  started = performance.now();
  const engine = await createVoice(voice, speed);
  const segments = sentences.map((list) =>
    list
      .map((sentence) => {
        const chunks: Int16Array[] = [];
        engine.synthesize(escapeSsml(sentence), (samples) => {
          if (samples?.length) chunks.push(samples);
        });
        const pcm = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const chunk of chunks) for (let i = 0; i < chunk.length; i++) pcm[at++] = chunk[i]! / 32768;
        return trimSilence(pcm, ESPEAK_SAMPLE_RATE);
      })
      .filter((pcm) => pcm.length > 0),
  );
  timings.inference += performance.now() - started;
  return { sampleRate: ESPEAK_SAMPLE_RATE, segments };
}

export async function espeakToWav(voice: EspeakVoice, text: string, speed = 1): Promise<Buffer> {
  const { sampleRate, segments } = await espeakSpeak(voice, [text], speed);
  const sentences = segments[0] ?? [];
  const gap = new Float32Array(secondsToSamples(PAUSES.sentence, sampleRate));
  const parts = sentences.flatMap((pcm, i) => (i === 0 ? [pcm] : [gap, pcm]));
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return encodeWav(all, sampleRate);
}
