// What RZ knows of one language, as data: a folder per language (lang/de, lang/en) holds these.
// Adding a language is adding a folder with a pack and its message catalogue, and labelled
// utterances in training/utterances (see docs/coaching.md, "Adding a language").
import type { Catalogue } from '../render/catalogue.ts';

export interface LanguagePack {
  code: 'de' | 'en';
  /**
   * Words in a speaker label that name the seller's or the buyer's side ("Agent", "Kunde"), and
   * the seller's teams whose name holds a buyer's word ("Customer Success Manager").
   */
  roles: { rep: string[]; customer: string[]; sellerTeams: string[] };
  /**
   * Addressing the customer by first name at the start of what to say instead: titles that mark
   * a label as formal (no first name then), and first words that keep their capital after
   * "Name, " (a pronoun such as "I", formal "Sie", nouns).
   */
  addressing: { titles: string[]; keepCapital: string[] };
  /** Words that carry no content: left out when comparing what two speakers said. */
  stopwords: string[];
  /** Words a spoken sentence often starts with and that an echo leaves out ("ähm", "so", "well"). */
  fillers: string[];
  /** A day, a date or a clock time (exact by nature). */
  dateTime: RegExp;
  /** A number, spelled or in digits (exact by nature): a quantified impact needs one. */
  quantity: RegExp;
  /** A calendar invitation being sent or accepted. */
  invite: RegExp;
  messages: Catalogue;
}
