import { parseArgs } from 'node:util';
import { type FirstOwner, firstOwnerSchema } from './first-owner';

export const USAGE = `Usage: node --import tsx api/src/cli/invite-owner.ts --email <address> --first-name <name> --last-name <name>

Creates TwinClean's first owner (admin_owner) and e-mails them a code to choose a password.
Refused once an active owner exists: owners invite further admins from the admin area.
In the compose stack: docker compose run --rm worker node --import tsx api/src/cli/invite-owner.ts …`;

const FLAGS = { email: '--email', firstName: '--first-name', lastName: '--last-name' } as const;

export type OwnerArgs =
  | { kind: 'owner'; owner: FirstOwner }
  | { kind: 'help' }
  | { kind: 'invalid'; problems: string[] };

/** The command line, read strictly: an unknown flag or a stray word is a mistake worth naming. */
export function parseOwnerArgs(argv: string[]): OwnerArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'invalid', problems: [(error as Error).message] };
  }
  if (values.help) return { kind: 'help' };
  // A missing flag reads as empty, so it gets the schema's "… is required" like an empty one.
  const parsed = firstOwnerSchema.safeParse({
    email: values.email ?? '',
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
  });
  if (parsed.success) return { kind: 'owner', owner: parsed.data };
  // One problem per flag: an empty address is "required", not also "not valid".
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const flag = FLAGS[issue.path[0] as keyof typeof FLAGS];
    if (!problems.has(flag)) problems.set(flag, `${flag}: ${issue.message}`);
  }
  return { kind: 'invalid', problems: [...problems.values()] };
}
