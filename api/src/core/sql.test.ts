import { describe, expect, it } from 'vitest';
import { fullNameSql } from './sql';

describe('fullNameSql', () => {
  it('names the columns of an aliased table', () => {
    expect(fullNameSql('u')).toBe("u.first_name || ' ' || u.last_name");
  });

  it('names bare columns without an alias', () => {
    expect(fullNameSql()).toBe("first_name || ' ' || last_name");
  });

  it("names a booking's guest columns with the client_ prefix", () => {
    expect(fullNameSql('b', 'client_')).toBe("b.client_first_name || ' ' || b.client_last_name");
    expect(fullNameSql(undefined, 'client_')).toBe("client_first_name || ' ' || client_last_name");
  });
});
