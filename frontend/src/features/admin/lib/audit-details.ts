import type { TFunction } from 'i18next';
import { isUserStatus, type AuditEntry } from '../types';

/**
 * The audit log's details in the reader's language. The server writes them in English for its own
 * log ("1 searches, 1 designs, 0 wear models"): the shapes it writes are read back and said with
 * the language's plural forms; anything else is shown as it came. `parameterName` names dp0…dp9
 * as the studio named them (else "parameter 1" to "parameter 10").
 */
export function auditDetails(entry: Pick<AuditEntry, 'action' | 'details'>, t: TFunction<'admin'>, parameterName?: (index: number) => string): string {
  const details = (entry.details ?? '').trim();
  if (!details) return '—';
  const count = (text: string | undefined) => Number(text);
  switch (entry.action) {
    case 'pool_saved': {
      const match = /^(\d+) searches, (\d+) designs, (\d+) wear models$/.exec(details);
      if (!match) break;
      return [
        t('audit.details.searches', { count: count(match[1]) }),
        t('audit.details.designs', { count: count(match[2]) }),
        t('audit.details.wearModels', { count: count(match[3]) }),
      ].join(', ');
    }
    case 'customer_deleted': {
      const match = /^(\d+) users deleted, (\d+) designs kept$/.exec(details);
      if (!match) break;
      return [t('audit.details.usersDeleted', { count: count(match[1]) }), t('audit.details.designsKept', { count: count(match[2]) })].join(', ');
    }
    case 'login_condition_set': {
      const match = /^(unlimited|(\d+) days)(?:; from (.+))?$/.exec(details);
      if (!match) break;
      const days = match[1] === 'unlimited' ? t('users.condition.unlimited') : t('users.condition.limited', { count: count(match[2]) });
      return match[3] ? `${days}; ${t('audit.details.fromIps', { ips: match[3] })}` : days;
    }
    case 'user_created':
      if (details === 'invited') return t('audit.details.invited');
      if (details === 'password set') return t('audit.details.passwordSet');
      break;
    case 'customer_visibility_changed':
      if (details === 'visible' || details === 'hidden') return t(`audit.details.${details}`);
      break;
    case 'customer_fields_changed': {
      if (details === 'nothing hidden') return t('audit.details.nothingHidden');
      const names = /^hidden: (.+)$/.exec(details)?.[1]?.split(', ').map((name) => hiddenFieldName(name, t, parameterName)) ?? [];
      if (names.length === 0 || names.includes(null)) break;
      return t('audit.details.hiddenFields', { fields: names.join(', ') });
    }
    case 'account_state_changed':
      if (isUserStatus(details)) return t(`users.status.${details}`);
      break;
    case 'user_edited': {
      const fields = details.split(', ');
      if (!fields.every(isEditedField)) break;
      return fields.map((field) => t(`users.form.${field}`)).join(', ');
    }
  }
  return details;
}

const editedFields = ['name', 'mail', 'language', 'customer', 'shopAccess', 'archiveAccess', 'isInHouse'] as const;

function isEditedField(field: string): field is (typeof editedFields)[number] {
  return (editedFields as readonly string[]).includes(field);
}

const hiddenFields = ['notes', 'original_name', 'studio', 'closed_countries'] as const;

/** A field named in a `customer_fields_changed` entry, in the reader's language; null when unknown. */
function hiddenFieldName(name: string, t: TFunction<'admin'>, parameterName?: (index: number) => string): string | null {
  const known = hiddenFields.find((field) => field === name);
  if (known) return t(`audit.details.fields.${known}`);
  const parameter = /^dp(\d)$/.exec(name);
  if (!parameter) return null;
  const index = Number(parameter[1]);
  return parameterName ? parameterName(index) : t('audit.details.fields.parameter', { number: index + 1 });
}
