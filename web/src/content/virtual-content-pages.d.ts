declare module 'virtual:content-pages' {
  /** The names of the product's public pages, sorted (`home` is `/`). */
  export const pageNames: readonly string[]
}
