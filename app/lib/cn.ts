export const cn = (...classes: Array<string | false | null | undefined>) => {
  let out = "";
  for (const c of classes) if (c) out = out ? `${out} ${c}` : c;
  return out;
};
