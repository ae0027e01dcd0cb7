// Image types recognised by their first bytes, never by the name or the declared type.
const SIGNATURES: Array<{ type: string; ext: string; test: (b: Uint8Array) => boolean }> = [
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    ext: "png",
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: "image/gif", ext: "gif", test: (b) => String.fromCharCode(...b.slice(0, 4)) === "GIF8" },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
  { type: "image/heic", ext: "heic", test: (b) => isoBrand(b, ["heic", "heix", "heim", "heis", "mif1"]) },
  { type: "image/avif", ext: "avif", test: (b) => isoBrand(b, ["avif"]) },
];

function isoBrand(b: Uint8Array, brands: string[]) {
  return String.fromCharCode(...b.slice(4, 8)) === "ftyp" && brands.includes(String.fromCharCode(...b.slice(8, 12)));
}

export function sniffImageType(bytes: Uint8Array): { type: string; ext: string } | null {
  const found = SIGNATURES.find((s) => s.test(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}
