import { postJson } from '@twinclean/shared/http';
import { type localCardSchema, localConfirmAnswerSchema } from '@twinclean/shared/local-gateway';
import type * as z from 'zod/mini';
import type { CardIntent } from './card-step';

const localIntentUrl = (intent: CardIntent, step: 'confirm' | 'authenticate') =>
  `/api/local-gateway/${intent.kind === 'setup' ? 'setup-intents' : 'intents'}/${encodeURIComponent(intent.id)}/${step}`;

/** The LocalGateway's test-card form, sent as the card processor would take it. */
export const confirmLocalCard = async (
  intent: CardIntent,
  card: z.output<typeof localCardSchema>,
) => localConfirmAnswerSchema.parse(await postJson(localIntentUrl(intent, 'confirm'), card));

/** The LocalGateway's extra confirmation step (test card 4000 0025 0000 3155). */
export const authenticateLocal = async (intent: CardIntent, approve: boolean) =>
  localConfirmAnswerSchema.parse(
    await postJson(localIntentUrl(intent, 'authenticate'), {
      clientSecret: intent.clientSecret,
      approve,
    }),
  );
