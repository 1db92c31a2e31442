// The names of the conversion shortcuts, from each format's words (src/formats/mod.rs:
// `word`, `short`): `{from}To{To}` for every ordered pair of formats that convert
// (`swarmToOpenAI`, `kernelToAiSdk`), and `{from}To{To}` in short words between the formats
// of one namespace (`uiToModel`, `modelToUI`). The facade makes the functions from this list,
// and the build writes the entries' export lists and their declarations from it.

// A PascalCase word with a lower-case start: 'OpenAI' -> 'openAI', 'UI' -> 'ui',
// 'AiSdkUI' -> 'aiSdkUI'.
export function camel(word) {
  // The leading capitals, less the one that starts the next word ('AIName' -> 'aiName').
  const lead = word.match(/^[A-Z]+(?![a-z])|^[A-Z]/)?.[0] ?? '';
  return lead.toLowerCase() + word.slice(lead.length);
}

/** `[name, from, to]` for every shortcut, over the described formats that convert. */
export function shortcutPairs(formats) {
  const convertible = formats.filter((f) => f.convertible);
  const out = [];
  for (const from of convertible) {
    for (const to of convertible) {
      if (from !== to) out.push([`${camel(from.word)}To${to.word}`, from.name, to.name]);
    }
  }
  for (const from of convertible) {
    for (const to of convertible) {
      if (from !== to && from.namespace === to.namespace && from.short && to.short) {
        out.push([`${camel(from.short)}To${to.short}`, from.name, to.name]);
      }
    }
  }
  return out;
}
