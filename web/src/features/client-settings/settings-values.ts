import { formatPhone } from '@twinclean/shared/phone';
import type {
  VisitUpdateSettings,
  VisitUpdateSettingsInput,
} from '@twinclean/shared/visit-updates';

/** The form's values for the saved settings: the number as people write it, not as E.164. */
export const settingsValues = (saved: VisitUpdateSettings): VisitUpdateSettingsInput => ({
  phone: saved.phone ? formatPhone(saved.phone) : '',
  byEmail: saved.byEmail,
  byText: saved.byText,
});

/**
 * What a number that replied STOP is told: text START to the number our texts come from, shown
 * as people write it; "our number" when the server cannot say which one it is.
 */
export const stopNote = (saved: Pick<VisitUpdateSettings, 'replyNumber'>): string =>
  `This number replied STOP. Text START to ${
    saved.replyNumber ? formatPhone(saved.replyNumber) : 'our number'
  } to get texts again.`;
