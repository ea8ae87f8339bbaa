/** The public form's fields in words, as their labels say them and the problems list names them. */
export const PUBLIC_FORM_FIELD_LABELS: Readonly<Record<string, string>> = {
  organizationName1: 'Nom de la société 1',
  organizationName2: 'Nom de la société 2',
  organizationName3: 'Nom de la société 3',
  description: 'Description de l’activité',
  IDPAL: 'Certification IDPAL',
  peoples: 'Personnes requises',
  roles: 'Rôles',
  personType: 'Type de personne',
  beneficiaryPercentage: 'Bénéficiaire (en\u00a0%)',
  KBIS: 'Numéro d’immatriculation (KBIS)',
  authorizedPerson_name: 'Nom de la personne autorisée',
  authorizedPerson_address: 'Adresse de la personne autorisée',
  firstName: 'Prénom',
  lastName: 'Nom',
  mail: 'E-mail',
  phone: 'Téléphone',
  birth: 'Date de naissance',
  nationality: 'Nationalité',
  street: 'Rue',
  city: 'Ville',
  state: 'État / Région',
  country: 'Pays',
  zip: 'Code postal',
};

/** "peoples.1.mail" → "Personne 2 – E-mail"; "organizationName3" → "Nom de la société 3". */
export function publicFormFieldName(path: string): string {
  const person = /^peoples\.(\d+)\.(\w+)$/.exec(path);
  if (person) {
    const field = PUBLIC_FORM_FIELD_LABELS[person[2]] ?? person[2];
    return `Personne ${Number(person[1]) + 1} – ${field}`;
  }
  return PUBLIC_FORM_FIELD_LABELS[path] ?? path;
}
