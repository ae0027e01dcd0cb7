declare module "heic-decode" {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  /** The first (primary) image of a HEIC/HEIF file as RGBA; throws for anything else. */
  const decode: (input: { buffer: Uint8Array }) => Promise<Decoded>;
  export default decode;
}
