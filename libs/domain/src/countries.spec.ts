import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_OPTIONS,
  EU_COUNTRIES,
  countryLabel,
  isCountry,
  nationalityLabel,
  isEuCountry,
  normalizeCountry,
} from './countries';

describe('"about 195 lower-case country names shown capitalised"', () => {
  it('holds 195 distinct lower-case names in alphabetical order', () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES).size).toBe(195);
    for (const name of COUNTRIES) expect(name).toBe(name.toLowerCase().trim());
    expect([...COUNTRIES].sort()).toEqual([...COUNTRIES]);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['ireland', 'france', 'united kingdom']));
  });

  it.each([
    ['ireland', 'Ireland'],
    ['united kingdom', 'United Kingdom'],
    ['bosnia and herzegovina', 'Bosnia and Herzegovina'],
    ['saint vincent and the grenadines', 'Saint Vincent and the Grenadines'],
    ['democratic republic of the congo', 'Democratic Republic of the Congo'],
    ['guinea-bissau', 'Guinea-Bissau'],
    ['timor-leste', 'Timor-Leste'],
    ['  FRANCE ', 'France'],
  ])('%j is shown as %j', (value, label) => {
    expect(countryLabel(value)).toBe(label);
  });

  it.each([
    // Free text (the public form's country, an organization's older values): capitalised when
    // typed lower-case, kept when typed with capitals of its own.
    ['northern ireland', 'Northern Ireland'],
    ['USA', 'USA'],
    ['DR Congo', 'DR Congo'],
    ['  isle   of man ', 'Isle of Man'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('free text %j is shown as %j', (value, label) => {
    expect(countryLabel(value)).toBe(label);
  });

  it.each([
    ['irish', 'Irish'],
    ['british', 'British'],
    ['  french ', 'French'],
    ['bosnian and herzegovinian', 'Bosnian and Herzegovinian'],
    ['guinea-bissauan', 'Guinea-Bissauan'],
    ['Irish', 'Irish'],
    ['IRISH', 'IRISH'],
    [null, ''],
  ])('nationality %j is shown as %j', (value, label) => {
    expect(nationalityLabel(value)).toBe(label);
  });

  it('offers every country as a select option { value, label }', () => {
    expect(COUNTRY_OPTIONS).toHaveLength(195);
    expect(COUNTRY_OPTIONS).toContainEqual({ value: 'new zealand', label: 'New Zealand' });
  });

  it.each([
    ['ireland', true],
    ['Ireland', true],
    [' united  states ', true],
    ['atlantis', false],
    [42, false],
  ])('isCountry(%j) is %s', (value, known) => {
    expect(isCountry(value)).toBe(known);
  });

  it('normalizes what people type to the stored form', () => {
    expect(normalizeCountry('  United   Kingdom ')).toBe('united kingdom');
  });

  it.each([
    ['ireland', true],
    ['France', true],
    ['united kingdom', false],
    ['switzerland', false],
    [null, false],
  ])('EU resident (public form guidance): %j → %s', (country, eu) => {
    expect(isEuCountry(country)).toBe(eu);
  });

  it('has the 27 EU member states, all from the list', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of EU_COUNTRIES) expect(isCountry(country)).toBe(true);
  });
});
