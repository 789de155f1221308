/** A user-visible text in every language the product speaks. */
export interface LocalizedText {
  readonly en: string;
  readonly am: string;
}
