/** One result of the top bar's search, as the box moves through them: a key unique in the list and where it opens. */
export interface SearchOption {
  key: string;
  to: string;
}
