import { describe, expect, it } from 'vitest';
import { qualifiersOf, sameQualifiers } from './attributes.js';

describe('attributes: a qualifier makes another attribute', () => {
  it('names that carry a qualifier the other has not are two attributes, in several languages', () => {
    for (const [a, b] of [
      ['billing service owner', 'billing service backup owner'],
      ['Verantwortliche für die Buchung', 'stellvertretende Verantwortliche für die Buchung'],
      ['responsable du projet', 'responsable adjoint du projet'],
      ['地址', '旧地址'],
      ['連絡先', '緊急連絡先'],
      ['phone number', 'work phone number'],
    ])
      expect(sameQualifiers(a, b), `${a} / ${b}`).toBe(false);
  });

  it('the same qualifiers, or none, in another word order or inflection: possibly one attribute', () => {
    for (const [a, b] of [
      ['billing service owner', 'owner of the billing service'],
      ['backup owner of billing', 'billing backup owner'],
      ['stellvertretende Leiterin', 'stellvertretender Leiter'],
      ['flight to Osaka', 'Osaka flight'],
      ['备用负责人', '备用负责人'],
    ])
      expect(sameQualifiers(a, b), `${a} / ${b}`).toBe(true);
    expect([...qualifiersOf('The stellvertretende Leiterin')]).toEqual(['stellvertret*']);
    // a qualifier is a whole word: "cooperation" holds no "co", "homework" no "home"
    expect(qualifiersOf('cooperation homework').size).toBe(0);
  });
});
