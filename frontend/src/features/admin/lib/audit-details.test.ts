import { i18n } from '@/lib/i18n';
import { auditDetails } from './audit-details';

const said = (action: string, details: string, language = 'en') => auditDetails({ action, details }, i18n.getFixedT(language, 'admin'));

describe('audit details', () => {
  it('says the server’s counts with the plural forms of each language', () => {
    expect(said('pool_saved', '1 searches, 1 designs, 0 wear models')).toBe('1 search, 1 design, 0 wear models');
    expect(said('pool_saved', '2 searches, 5 designs, 1 wear models')).toBe('2 searches, 5 designs, 1 wear model');
    expect(said('pool_saved', '1 searches, 3 designs, 5 wear models', 'ru')).toBe('1 поиск, 3 дизайна, 5 моделей одежды');
    expect(said('pool_saved', '21 searches, 12 designs, 2 wear models', 'ru')).toBe('21 поиск, 12 дизайнов, 2 модели одежды');
    expect(said('pool_saved', '1 searches, 2 designs, 0 wear models', 'tr')).toBe('1 arama, 2 desen, 0 giyim modeli');
    expect(said('customer_deleted', '1 users deleted, 4 designs kept')).toBe('1 user deleted, 4 designs kept');
    expect(said('customer_deleted', '3 users deleted, 1 designs kept', 'ru')).toBe('удалено 3 пользователя, сохранён 1 дизайн');
  });

  it('translates the other shapes the server writes, and keeps what it does not know', () => {
    expect(said('login_condition_set', '30 days; from 10.0.0.0/8')).toBe('30 days; from 10.0.0.0/8');
    expect(said('login_condition_set', '1 days', 'ru')).toBe('1 день');
    expect(said('login_condition_set', 'unlimited', 'tr')).toBe('Sınırsız');
    expect(said('account_state_changed', 'stopped')).toBe('Suspended');
    expect(said('user_created', 'invited')).toBe('invitation e-mailed');
    expect(said('customer_visibility_changed', 'hidden', 'ru')).toBe('скрыт');
    expect(said('user_edited', 'name, shopAccess')).toBe('Name, Shop access');
    expect(said('pool_assigned', 'Spring pool')).toBe('Spring pool');
    expect(said('account_state_changed', 'active → stopped')).toBe('active → stopped');
    expect(said('pool_deleted', '')).toBe('—');
    expect(said('customer_fields_changed', 'hidden: notes, original_name, dp3')).toBe('hidden: notes, original name, parameter 4');
    // The parameters as the studio named them.
    const named = (index: number) => ['Fabric', 'Width', 'Weight', 'Finish'][index] ?? `#${index}`;
    expect(auditDetails({ action: 'customer_fields_changed', details: 'hidden: studio, dp3' }, i18n.getFixedT('en', 'admin'), named)).toBe('hidden: studio, Finish');
    expect(said('customer_fields_changed', 'nothing hidden', 'ru')).toBe('ничего не скрыто');
    expect(said('customer_fields_changed', 'hidden: something_new')).toBe('hidden: something_new');
  });
});
