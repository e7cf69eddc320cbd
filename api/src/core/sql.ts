/**
 * A person's full name in SQL: `first_name || ' ' || last_name`, on `alias` when given, with
 * `prefix` for the copies a booking keeps of its guest (`client_first_name`, …). The text never
 * varies, so an expression index built on it (e.g. users_people_search) still answers queries
 * that use it.
 */
export function fullNameSql(alias?: string, prefix: '' | 'client_' = ''): string {
  const on = alias ? `${alias}.` : '';
  return `${on}${prefix}first_name || ' ' || ${on}${prefix}last_name`;
}
