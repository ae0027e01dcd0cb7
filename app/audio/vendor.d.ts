declare module "@echogarden/espeak-ng-emscripten" {
  export type EspeakEvent = {
    type: string;
    audio_position: number;
    text_position: number;
    word_length: number;
    id?: string | number;
  };
  export interface ESpeakNGWorker {
    set_voice(name: string): number;
    set_rate(wpm: number): number;
    set_pitch(pitch: number): number;
    set_range(range: number): number;
    readonly samplerate: number;
    /** SSML is on: markup in `text` is interpreted. The callback must return a falsy value to continue. */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => unknown): void;
    list_voices(): Array<{ identifier: string; name: string }>;
  }
  export type EspeakModule = { eSpeakNGWorker: new () => ESpeakNGWorker };
  const init: () => Promise<EspeakModule>;
  export default init;
}
