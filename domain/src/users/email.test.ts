import { describe, expect, it } from 'vitest'
import { isEmail, normalizeUsername } from './email'

describe('e-mail', () => {
  it.each([
    ['plain', 'ana@example.si', true],
    ['sub-domain and plus', 'ana.novak+lfit@mail.example.co.uk', true],
    ['no @', 'ana.example.si', false],
    ['no domain dot', 'ana@localhost', false],
    ['two @', 'a@b@example.si', false],
    ['space inside', 'ana novak@example.si', false],
    ['empty', '', false],
  ])('%s: %j → %s', (_label, value, valid) => {
    expect(isEmail(value)).toBe(valid)
  })

  it.each([
    ['phone keyboard capital', 'Ana@example.si', 'ana@example.si'],
    ['surrounding spaces', '  ana@example.si ', 'ana@example.si'],
    ['plain username', 'Admin', 'admin'],
  ])('normalizeUsername: %s', (_label, value, normal) => {
    expect(normalizeUsername(value)).toBe(normal)
  })
})
