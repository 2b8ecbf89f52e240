// Validation messages as data, so that forms, the server and tests use the same words.
import { MIN_PASSWORD_LENGTH } from '../users/password'
export { splitBilingual } from './bilingual'

/** The form messages, verbatim (Slovenian, then English after EN; docs/product-rules.md#users). */
export const FORM_MESSAGES = {
  required: 'obvezno EN required',
  emailInvalid: 'e-naslov ni veljaven EN e-mail not valid',
  /** The programme year of a participant (admin form). */
  yearInvalid: 'letnik mora biti od 1 do 5 EN programme year must be 1 to 5',
  /** Registration asks for a mobile number. */
  mobileInvalid: 'številka ni veljavna EN mobile number not valid',
  /** The admin form takes any phone number. */
  phoneInvalid: 'telefon ni veljaven EN phone not valid',
  /** A sign-up or reservation for a day that is over (records/signups.ts). */
  dayPassed:
    'ta dan je že minil; izberite enega od prihodnjih dni EN this day has passed; choose one of the days to come',
  /** A name with a line break or another control character (users/names.ts). */
  singleLine:
    'ime mora biti v eni vrstici, brez prelomov vrstic in drugih kontrolnih znakov EN a name is one line, without line breaks or other control characters',
  /** Registration, password change and an admin's reset (users/password.ts). */
  passwordTooShort: `geslo mora imeti vsaj ${MIN_PASSWORD_LENGTH} znakov EN password must have at least ${MIN_PASSWORD_LENGTH} characters`,
} as const

/** Slovenian plural of "znak" (character) after a number: 1 znak, 2 znaka, 3–4 znaki, 5 znakov. */
function characters(n: number): string {
  const hundred = Math.abs(n) % 100
  const sl =
    hundred === 1
      ? 'znak'
      : hundred === 2
        ? 'znaka'
        : hundred === 3 || hundred === 4
          ? 'znaki'
          : 'znakov'
  return `${n} ${sl}`
}

/**
 * The generic messages of the UI toolkit (docs/product-rules.md#users). The original wording is known only for the first one
 * verbatim ('To polje je obvezno'); it names the others without their words, so these are our
 * own Slovenian, with English added in the product's bilingual form ('obvezno EN required').
 */
export const TOOLKIT_MESSAGES = {
  required: 'To polje je obvezno EN This field is required',
  email: 'Vpišite veljaven e-naslov EN Enter a valid e-mail address',
  numbers: 'Dovoljene so samo številke EN Numbers only',
  integers: 'Dovoljena so samo cela števila EN Whole numbers only',
  capitals: 'Dovoljene so samo velike črke EN Capital letters only',
  maxLength: (max: number) =>
    `Največ ${characters(max)} EN At most ${max} character${max === 1 ? '' : 's'}`,
  minLength: (min: number) =>
    `Najmanj ${characters(min)} EN At least ${min} character${min === 1 ? '' : 's'}`,
  excludedCharacter: (char: string) =>
    `Znak »${char}« ni dovoljen EN The character "${char}" is not allowed`,
  atLeastOne: 'Izberite vsaj eno možnost EN Choose at least one option',
  invalidFormat: 'Oblika ni veljavna EN Invalid format',
} as const
