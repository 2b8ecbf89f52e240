// The upload rules (docs/architecture.md#files): kinds of types, the type check and file names.
import { describe, expect, it } from 'vitest'
import { hasAnyRole, ROLES } from '../access/roles'
import { ALLOWED_TYPES, checkFileType, kindOfType, sanitiseFileName } from './files'
import { FILE_MANAGER_ROLES } from './access'

describe('the kind of a MIME type', () => {
  it.each([
    ['application/pdf', 'document'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['audio/mpeg', 'audio'],
    ['audio/mp3', 'audio'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['AUDIO/X-WAV', 'audio'],
    ['video/mp4', 'video'],
    ['video/quicktime', 'video'],
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['image/svg+xml', undefined],
    ['text/html', undefined],
    ['application/x-msdownload', undefined],
    ['', undefined],
  ])('%j is %j', (type, kind) => {
    expect(kindOfType(type)).toBe(kind)
  })

  it('names every extension once, so a name has one type', () => {
    const extensions = ALLOWED_TYPES.flatMap((allowed) => allowed.extensions)
    expect(new Set(extensions).size).toBe(extensions.length)
  })
})

describe('the type check: bytes, extension and declared type agree', () => {
  it.each([
    // sniffed, extension, declared, answer
    ['application/pdf', 'pdf', 'application/pdf', 'application/pdf'],
    ['application/pdf', 'PDF', '', 'application/pdf'],
    ['audio/mpeg', 'mp3', 'audio/mp3', 'audio/mpeg'],
    ['audio/ogg; codecs=opus', 'opus', 'audio/ogg', 'audio/ogg'],
    ['audio/wav', 'wav', 'audio/x-wav', 'audio/wav'],
    ['image/jpeg', 'jpeg', 'image/jpeg', 'image/jpeg'],
    // a PNG renamed to .pdf, or declared a PDF
    ['image/png', 'pdf', 'application/pdf', 'mismatch'],
    ['image/png', 'png', 'application/pdf', 'mismatch'],
    ['image/png', 'pdf', '', 'mismatch'],
    // bytes nobody recognises (a text file called .pdf)
    [undefined, 'pdf', 'application/pdf', 'mismatch'],
    // recognised bytes of a type that is not allowed
    ['application/x-msdownload', 'pdf', 'application/pdf', 'mismatch'],
    // a name or declared type outside the allowed ones
    ['application/x-msdownload', 'exe', 'application/x-msdownload', 'notAllowed'],
    ['application/pdf', 'pdf', 'text/html', 'notAllowed'],
    [undefined, 'txt', 'text/plain', 'notAllowed'],
  ] as const)('%j named .%s, declared %j: %s', (sniffed, extension, declared, expected) => {
    const check = checkFileType(sniffed, extension, declared)
    if (expected === 'mismatch' || expected === 'notAllowed') {
      expect(check).toEqual({ ok: false, reason: expected })
    } else {
      expect(check.ok && check.type.type).toBe(expected)
    }
  })
})

describe('file names', () => {
  it.each([
    ['Predavanje 3.pdf', 'Predavanje 3.pdf', 'pdf'],
    ['  Šola   dihanja.MP3  ', 'Šola dihanja.MP3', 'mp3'],
    ['vaja: "dih" <1>?.wav', 'vaja_ _dih_ _1__.wav', 'wav'],
    ['.skrita.png', 'skrita.png', 'png'],
    ['zapis.pdf.', 'zapis.pdf', 'pdf'],
    // NFD (as macOS gives) becomes NFC, so one name is one string
    ['S\u030cola.pdf', 'Šola.pdf', 'pdf'],
  ])('%j is kept as %j', (raw, name, extension) => {
    expect(sanitiseFileName(raw)).toEqual({ ok: true, name, extension })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['../../etc/passwd.pdf', 'path'],
    ['..\\..\\boot.ini.pdf', 'path'],
    ['mapa/datoteka.pdf', 'path'],
    ['..', 'path'],
    ['ime\u0000.pdf', 'control'],
    ['vrstica\nnova.pdf', 'control'],
    [`${'a'.repeat(300)}.pdf`, 'tooLong'],
    ['brez-koncnice', 'noExtension'],
    ['.pdf', 'noExtension'],
    ['ime.', 'noExtension'],
  ])('%j is refused (%s)', (raw, reason) => {
    expect(sanitiseFileName(raw)).toEqual({ ok: false, reason })
  })
})

describe('who manages files', () => {
  it.each(ROLES.map((role) => [role] as const))('%s', (role) => {
    const manages = ['admin', 'regEditor', 'mediaEditor', 'projectEditor', 'librarian']
    expect(hasAnyRole({ roles: [role] }, FILE_MANAGER_ROLES)).toBe(manages.includes(role))
  })
})
