import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { BOM, csvCell, csvSeparator, toCsv } from './csv'
import { exportFileName } from './download'
import { sheetName, toXlsx } from './xlsx'
import type { ExportTable } from './table'

interface Person {
  name: string
  email: string
  percent: number | null
}

const TABLE: ExportTable<Person> = {
  columns: [
    { header: 'Ime in priimek', value: (p) => p.name },
    { header: 'E-naslov', value: (p) => p.email },
    { header: 'Prisotnost %', value: (p) => p.percent },
  ],
  rows: [
    { name: 'Žan Čebašek', email: 'zan@x.si', percent: 90 },
    { name: '=HYPERLINK("http://evil")', email: 'a;b@x.si', percent: null },
  ],
}

describe('csvCell', () => {
  it.each([
    ['plain', ',', 'Ana', 'Ana'],
    ['accents stay as they are', ',', 'Žan Čebašek', 'Žan Čebašek'],
    ['a quote is doubled and quoted', ',', 'Ana "Ančka"', '"Ana ""Ančka"""'],
    ['the separator is quoted', ',', 'Novak, Ana', '"Novak, Ana"'],
    ['a comma is fine with semicolons', ';', 'Novak, Ana', 'Novak, Ana'],
    ['a semicolon is quoted with semicolons', ';', 'a;b', '"a;b"'],
    ['a line break is quoted', ',', 'line\nnext', '"line\nnext"'],
    ['leading spaces are kept by quoting', ',', ' Ana', '" Ana"'],
    ['= is guarded', ',', '=1+1', "'=1+1"],
    ['+ is guarded', ',', '+38641', "'+38641"],
    ['- is guarded', ',', '-2', "'-2"],
    ['@ is guarded', ',', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab start is guarded', ',', '\t=1', "'\t=1"],
    [
      'a guarded formula with a quote is quoted too',
      ',',
      '=HYPERLINK("x")',
      '"\'=HYPERLINK(""x"")"',
    ],
    ['an empty text', ',', '', ''],
  ] as const)('%s', (_label, separator, value, expected) => {
    expect(csvCell(value, separator)).toBe(expected)
  })

  it.each([
    [null, ''],
    [0, '0'],
    [75, '75'],
    [-3, '-3'],
  ] as const)('%j as %j (numbers are never guarded)', (value, expected) => {
    expect(csvCell(value, ',')).toBe(expected)
  })
})

describe('toCsv', () => {
  it('starts with a BOM, has the header row, CRLF line ends and a final line end', () => {
    expect(toCsv(TABLE, ',')).toBe(
      `${BOM}Ime in priimek,E-naslov,Prisotnost %\r\n` +
        'Žan Čebašek,zan@x.si,90\r\n' +
        '"\'=HYPERLINK(""http://evil"")",a;b@x.si,\r\n',
    )
  })

  it('uses semicolons in Slovenian, commas in English', () => {
    expect(csvSeparator('sl')).toBe(';')
    expect(csvSeparator('en')).toBe(',')
    expect(toCsv(TABLE, ';').split('\r\n')[2]).toBe('"\'=HYPERLINK(""http://evil"")";"a;b@x.si";')
  })

  it('encodes as UTF-8 with the BOM bytes first', () => {
    const bytes = new TextEncoder().encode(toCsv(TABLE, ','))
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })
})

describe('toXlsx', () => {
  it('round-trips through exceljs: the headers, the rows, numbers as numbers, formulas as text', async () => {
    const buffer = await toXlsx(TABLE, 'Udeleženci')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(buffer)
    const sheet = workbook.getWorksheet('Udeleženci')
    expect(sheet).toBeDefined()
    const values = sheet!
      .getSheetValues()
      .slice(1)
      .map((row) => (Array.isArray(row) ? row.slice(1) : []))
    expect(values).toEqual([
      ['Ime in priimek', 'E-naslov', 'Prisotnost %'],
      ['Žan Čebašek', 'zan@x.si', 90],
      ['=HYPERLINK("http://evil")', 'a;b@x.si', ''],
    ])
    expect(sheet!.getCell('A3').type).toBe(ExcelJS.ValueType.String)
    expect(sheet!.getCell('A1').font?.bold).toBe(true)
  })

  it.each([
    ['Udeleženci', 'Udeleženci'],
    ['a/b:c?', 'a b c '],
    ['x'.repeat(40), 'x'.repeat(31)],
    ['', 'Sheet1'],
  ])('sheet name %j → %j', (name, expected) => {
    expect(sheetName(name)).toBe(expected)
  })
})

describe('exportFileName', () => {
  it('names the file after the screen and the local date', () => {
    expect(exportFileName('udelezenci', 'csv', new Date(2026, 10, 5, 23, 59))).toBe(
      'udelezenci-2026-11-05.csv',
    )
    expect(exportFileName('prijaveZaDan', 'xlsx', new Date(2026, 0, 1))).toBe(
      'prijaveZaDan-2026-01-01.xlsx',
    )
  })
})
