// Picks a person in the app's one person picker (web/src/person-picker/PersonPicker.tsx) as a person does:
// types into the combobox and taps the row.
import type { Page } from 'playwright-core'

export async function pickPerson(page: Page, username: string, typed = username): Promise<void> {
  const box = page.locator('.person-picker input[role="combobox"]')
  await box.fill(typed)
  await page.locator(`.person-picker [role="option"][data-username="${username}"]`).click()
}
