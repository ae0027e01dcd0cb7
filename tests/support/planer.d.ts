// planer (talon's port) ships no types; the bench and the corpus test only call extractFromPlain.
declare module "planer" {
  const planer: { extractFromPlain(text: string): string };
  export default planer;
}
