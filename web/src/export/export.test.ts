import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { BOM, csvCell, csvSeparator, toCsv } from './csv'
import { exportFileName } from './download'
import { sheetName, toXlsx } from './xlsx'
import { dayCell, momentCell, type ExportTable } from './table'

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
    ['+ is guarded', ',', '+SUM(A1)', "'+SUM(A1)"],
    ['+ and digits with anything else are guarded', ',', '+386-41', "'+386-41"],
    ['+ with two spaces in a row is guarded', ',', '+386  41', "'+386  41"],
    ['+ and a trailing space is guarded', ',', '+386 ', '"\'+386 "'],
    ['a phone number is quoted, not guarded', ',', '+386 41 503 869', '"+386 41 503 869"'],
    ['a phone number of one group too', ';', '+38641503869', '"+38641503869"'],
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

describe('dates', () => {
  it.each([
    ['a day as ISO 8601', dayCell('2026-11-05'), '2026-11-05'],
    [
      'a moment on the studio’s clock (winter, UTC+1)',
      momentCell('2026-11-05T13:30:00Z'),
      '2026-11-05 14:30',
    ],
    [
      'a moment on the studio’s clock (summer, UTC+2)',
      momentCell('2026-07-01T22:15:00Z'),
      '2026-07-02 00:15',
    ],
  ] as const)('%s', (_label, value, expected) => {
    expect(csvCell(value, ';')).toBe(expected)
  })

  it('a moment that is no time is an empty cell', () => {
    expect(momentCell('not a time')).toBeNull()
  })
})

/** A maintained reader's view of the CSV: what a spreadsheet's import gets as each cell's text. */
function readCsv(text: string, delimiter: string): string[][] {
  return parse(text, { bom: true, delimiter, relax_column_count: false }) as string[][]
}

describe('toCsv read back by csv-parse', () => {
  const PEOPLE: ExportTable<{ name: string; phone: string; day: string; at: string }> = {
    columns: [
      { header: 'Ime in priimek', value: (p) => p.name },
      { header: 'Telefon', value: (p) => p.phone },
      { header: 'Dan', value: (p) => dayCell(p.day) },
      { header: 'Prejeto', value: (p) => momentCell(p.at) },
    ],
    rows: [
      {
        name: 'Ana Novak',
        phone: '+386 41 503 869',
        day: '2026-11-18',
        at: '2026-11-10T08:05:00Z',
      },
      {
        name: "=cmd|' /C calc'!A0",
        phone: '+1 2025550123',
        day: '2026-11-19',
        at: '2026-11-10T23:30:00Z',
      },
      {
        name: '@SUM(1+1)',
        phone: '+386 41 503 869;=1',
        day: '2026-11-20',
        at: '2026-11-11T00:00:00Z',
      },
    ],
  }

  it.each([';', ','] as const)(
    'with %j: phones read as written, formulas guarded, dates ISO',
    (separator) => {
      expect(readCsv(toCsv(PEOPLE, separator), separator)).toEqual([
        ['Ime in priimek', 'Telefon', 'Dan', 'Prejeto'],
        ['Ana Novak', '+386 41 503 869', '2026-11-18', '2026-11-10 09:05'],
        ["'=cmd|' /C calc'!A0", '+1 2025550123', '2026-11-19', '2026-11-11 00:30'],
        ["'@SUM(1+1)", "'+386 41 503 869;=1", '2026-11-20', '2026-11-11 01:00'],
      ])
    },
  )
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

  it('writes days and moments as date cells with an ISO date format', async () => {
    const table: ExportTable<{ day: string; at: string }> = {
      columns: [
        { header: 'Dan', value: (r) => dayCell(r.day) },
        { header: 'Prejeto', value: (r) => momentCell(r.at) },
        { header: 'Dan (stolpec)', day: '2026-11-18', value: () => 'P' },
      ],
      rows: [{ day: '2026-11-18', at: '2026-11-10T08:05:00Z' }],
    }
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await toXlsx(table, 'Prijave'))
    const sheet = workbook.getWorksheet('Prijave')!
    const day = sheet.getCell('A2')
    expect(day.type).toBe(ExcelJS.ValueType.Date)
    expect(day.value).toEqual(new Date(Date.UTC(2026, 10, 18)))
    expect(day.numFmt).toBe('yyyy-mm-dd')
    const moment = sheet.getCell('B2')
    expect(moment.type).toBe(ExcelJS.ValueType.Date)
    // The studio's clock (UTC+1 in November), as a spreadsheet date has no time zone.
    expect(moment.value).toEqual(new Date(Date.UTC(2026, 10, 10, 9, 5)))
    expect(moment.numFmt).toBe('yyyy-mm-dd hh:mm')
    // A day column of the attendance matrix is headed by its date.
    expect(sheet.getCell('C1').type).toBe(ExcelJS.ValueType.Date)
    expect(sheet.getCell('C1').value).toEqual(new Date(Date.UTC(2026, 10, 18)))
    expect(sheet.getCell('C1').font?.bold).toBe(true)
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
