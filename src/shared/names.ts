/**
 * The one rule for when two names (of robots, presets, a team's robots) are
 * the same name, wherever names meet: adding, renaming, importing, a team
 * catalog and the ids derived from its names, links, commands. Case does
 * not matter, in full (STRASSE is Straße), nor how a letter is encoded
 * (Café composed or with a combining accent, ﬁ or fi, full-width letters),
 * nor invisible characters; accents do (Cafe is not Café). A key rather
 * than a comparison, so a set, a map or an id can use it.
 */
export function nameKey(name: string): string {
  return name.trim().normalize('NFKC').replace(INVISIBLE, '').toUpperCase().toLowerCase().normalize('NFKC');
}

export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
