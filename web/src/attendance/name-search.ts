// Finding a participant by name on the tablet: "Ziga" finds "Žiga", "crn" finds "Črnigoj".
// Accents are dropped by Unicode decomposition; the few letters that do not decompose (đ, ł, ø)
// are mapped by hand. Every word typed must start a word of the name, in any order.

const UNDECOMPOSED: Record<string, string> = { đ: 'd', ł: 'l', ø: 'o', ß: 'ss', æ: 'ae' }

/** The comparable form of a name or a query: lower case, no accents, single spaces. */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đłøßæ]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether `name` matches a query already turned into a `searchKey`. */
export function matchesName(query: string, name: string): boolean {
  if (query === '') return true
  const words = searchKey(name).split(' ')
  return query.split(' ').every((part) => words.some((word) => word.startsWith(part)))
}
