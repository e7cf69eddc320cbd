import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { statementLoader } from '../features/statements/statement-loader';
import { StatementPage } from '../features/statements/statement-page';

const weekStartSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

// A link that is not a date finds no statement: the Not Found state, without asking the server.
export const Route = createFileRoute('/payouts_/statements/$weekStart')({
  params: {
    parse: ({ weekStart }) => ({
      weekStart: weekStartSchema.safeParse(weekStart).success ? weekStart : null,
    }),
    stringify: ({ weekStart }) => ({ weekStart: weekStart ?? '' }),
  },
  loader: statementLoader,
  component: StatementPage,
});
