/**
 * Fills `{name}` slots of a message. Values are strings or numbers (already formatted for
 * the language by the caller when that matters); an unknown slot is left visible so a
 * missing parameter shows up on screen rather than vanishing.
 */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const v = params[name];
    return v === undefined ? slot : String(v);
  });
}

/**
 * Splits a message around its slots so the caller can put rich nodes (a left-to-right
 * span around notation, a link) in them: `parts('Last move {who}: {play}')` gives
 * ['Last move ', {slot:'who'}, ': ', {slot:'play'}].
 */
export function parts(template: string): (string | { readonly slot: string })[] {
  const out: (string | { readonly slot: string })[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    if (m.index > last) out.push(template.slice(last, m.index));
    out.push({ slot: m[1] as string });
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out;
}
