// Finding a known clip inside a longer recording: normalized cross-correlation computed with one FFT,
// so a two-minute episode at 8 kHz is searched at every sample in well under a second.

function fft(re: Float64Array, im: Float64Array, inverse = false) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = start + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
  if (!inverse) return;
  for (let i = 0; i < n; i++) {
    re[i] = re[i]! / n;
    im[i] = im[i]! / n;
  }
}

/**
 * Where `needle` best matches `haystack` and how well: the highest normalized cross-correlation
 * (1 = the same waveform up to a gain; unrelated audio scores near 0) over every offset, in seconds.
 */
export function findClip(
  haystack: Float32Array,
  needle: Float32Array,
  rate: number,
): { offset: number; score: number } {
  let size = 1;
  while (size < haystack.length + needle.length) size <<= 1;
  const hr = new Float64Array(size);
  const hi = new Float64Array(size);
  const nr = new Float64Array(size);
  const ni = new Float64Array(size);
  hr.set(haystack);
  nr.set(needle);
  fft(hr, hi);
  fft(nr, ni);
  // H · conj(N): its inverse is the correlation at each lag.
  for (let i = 0; i < size; i++) {
    const r = hr[i]! * nr[i]! + hi[i]! * ni[i]!;
    const im = hi[i]! * nr[i]! - hr[i]! * ni[i]!;
    hr[i] = r;
    hi[i] = im;
  }
  fft(hr, hi, true);
  const needleNorm = Math.sqrt(needle.reduce((sum, x) => sum + x * x, 0));
  let window = 0;
  for (let j = 0; j < needle.length && j < haystack.length; j++) window += haystack[j]! ** 2;
  let best = { offset: 0, score: -Infinity };
  for (let k = 0; k + needle.length <= haystack.length; k++) {
    if (k > 0) window += haystack[k + needle.length - 1]! ** 2 - haystack[k - 1]! ** 2;
    const score = hr[k]! / (needleNorm * Math.sqrt(Math.max(window, 0)) + 1e-9);
    if (score > best.score) best = { offset: k / rate, score };
  }
  return best;
}
