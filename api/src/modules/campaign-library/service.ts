/**
 * The campaigns' library (document 1 §3 "Templates", "Schedule"; §5 "Templates, tests, studio,
 * purchase"): email templates in categories, and named sending schedules.
 *
 * Who sees what: the library is personal. Every user — a solo user, a team lead and a team
 * member alike — sees and changes only the templates, categories and schedules they made, even
 * when their team role lets them browse teammates' campaigns or prospects. A template is
 * someone's writing voice and a schedule their working hours; sharing them across a team is a
 * feature of its own (a lead publishing a template), not a side effect of the view-all role.
 *
 * Saving a template needs a subject and a body with visible text (`save_template_empty_data`),
 * checked again after both are sanitised: the subject becomes one line of plain text, the body
 * keeps only mail-safe HTML (no scripts, event handlers, frames, forms), or plain text in
 * plain-text mode. A schedule must send on at least one day and each enabled day must end after
 * it starts; one an active or paused campaign sends on cannot be deleted (`schedule_in_use`), nor
 * one a mailbox's warm-up sends on (the warm-up area picks schedules from this library).
 */
import {
  scheduleIssues,
  templateSaveError,
  type EmailTemplateItem,
  type Schedule,
  type ScheduleDay,
  type TemplateCategoryItem,
  type TemplateListQuery,
  type addTemplateBodySchema,
  type saveScheduleBodySchema,
} from '@leadforge/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { DomainError, notFound } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import { listTimeZones } from '../general/reference-data';
import { plainTextOf, sanitizeMailHtml, sanitizeSubject } from '../mail-engine/template';
import * as repo from './repository';

type TemplateInput = z.output<typeof addTemplateBodySchema>;
type ScheduleInput = z.output<typeof saveScheduleBodySchema>;

/** Campaign statuses that send (or will again) on their schedule: deleting it would strand them. */
const SENDING_STATUSES: ReadonlySet<string> = new Set(['active', 'pause']);

export interface CampaignLibraryDeps {
  db: Db;
  now?: () => Date;
}

export class CampaignLibraryService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(deps: CampaignLibraryDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  // ---------------------------------------------------------------- templates

  async listTemplates(caller: Caller, query: TemplateListQuery): Promise<EmailTemplateItem[]> {
    const rows = await repo.listTemplates(this.db, scopeOf(caller), {
      ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
      ...(query.search ? { search: query.search } : {}),
    });
    return rows.map(templateView);
  }

  async addTemplate(caller: Caller, input: TemplateInput): Promise<EmailTemplateItem> {
    const scope = scopeOf(caller);
    const values = cleanTemplate(input);
    return this.db.transaction(async (tx) => {
      if (values.categoryId !== null && !(await repo.categoryExists(tx, scope, values.categoryId))) throw notFound();
      const id = await repo.insertTemplate(tx, scope, values, this.now());
      return templateView((await repo.findTemplate(tx, scope, id))!);
    });
  }

  async editTemplate(caller: Caller, templateId: number, input: TemplateInput): Promise<EmailTemplateItem> {
    const scope = scopeOf(caller);
    const values = cleanTemplate(input);
    return this.db.transaction(async (tx) => {
      if (values.categoryId !== null && !(await repo.categoryExists(tx, scope, values.categoryId))) throw notFound();
      if (!(await repo.updateTemplate(tx, scope, templateId, values, this.now()))) throw notFound();
      return templateView((await repo.findTemplate(tx, scope, templateId))!);
    });
  }

  async deleteTemplate(caller: Caller, templateId: number): Promise<void> {
    if (!(await repo.deleteTemplate(this.db, scopeOf(caller), templateId))) throw notFound();
  }

  // ---------------------------------------------------------------- categories

  async listCategories(caller: Caller): Promise<{ items: TemplateCategoryItem[]; uncategorisedCount: number }> {
    const scope = scopeOf(caller);
    const [rows, uncategorisedCount] = await Promise.all([repo.listCategories(this.db, scope), repo.countUncategorised(this.db, scope)]);
    return { items: rows.map(categoryView), uncategorisedCount };
  }

  async addCategory(caller: Caller, name: string): Promise<TemplateCategoryItem> {
    const scope = scopeOf(caller);
    const id = await repo.insertCategory(this.db, scope, name);
    if (id === null) throw categoryExists();
    return categoryView((await repo.findCategory(this.db, scope, id))!);
  }

  async renameCategory(caller: Caller, id: number, name: string): Promise<TemplateCategoryItem> {
    const scope = scopeOf(caller);
    return this.db.transaction(async (tx) => {
      if (!(await repo.categoryExists(tx, scope, id))) throw notFound();
      if (await repo.categoryNameTaken(tx, scope, name, id)) throw categoryExists();
      await repo.renameCategory(tx, scope, id, name);
      return categoryView((await repo.findCategory(tx, scope, id))!);
    });
  }

  async deleteCategory(caller: Caller, id: number): Promise<void> {
    if (!(await repo.deleteCategory(this.db, scopeOf(caller), id))) throw notFound();
  }

  // ---------------------------------------------------------------- schedules

  async listSchedules(caller: Caller): Promise<Schedule[]> {
    const scope = scopeOf(caller);
    const rows = await repo.listSchedules(this.db, scope);
    const ids = rows.map((row) => row.id);
    const [used, warmups] = await Promise.all([repo.campaignsOnSchedules(this.db, scope, ids), repo.warmupsOnSchedules(this.db, scope, ids)]);
    return rows.map((row) => scheduleView(row, used, warmups));
  }

  timeZones() {
    return listTimeZones(this.now());
  }

  async saveSchedule(caller: Caller, input: ScheduleInput): Promise<Schedule> {
    const issues = scheduleIssues(input.days);
    if (issues.length > 0) {
      throw new DomainError(issues[0]!.key, { items: issues.map((issue) => ({ key: issue.key, field: issue.field })) });
    }
    const scope = scopeOf(caller);
    const values: repo.ScheduleValues = { name: input.name, timezone: input.timezone, days: input.days };
    return this.db.transaction(async (tx) => {
      let id = input.id;
      if (id === undefined) id = await repo.insertSchedule(tx, scope, values, this.now());
      else if (!(await repo.updateSchedule(tx, scope, id, values, this.now()))) throw notFound();
      const row = (await repo.findSchedule(tx, scope, id))!;
      return scheduleView(row, await repo.campaignsOnSchedules(tx, scope, [id]), await repo.warmupsOnSchedules(tx, scope, [id]));
    });
  }

  /**
   * Refused while an active or paused campaign sends on the schedule: it keeps running on it
   * (the screen says to pick another schedule in that campaign or complete it first). Draft and
   * finished campaigns simply lose it (the foreign key sets theirs to null); a draft then picks
   * another before launch. A warm-up is held to the same rule: one that is on (active, pending
   * or paused) refuses the delete with the same key, a stopped one loses the schedule and would
   * fall back to its mailbox's own window.
   */
  async deleteSchedule(caller: Caller, scheduleId: number): Promise<void> {
    const scope = scopeOf(caller);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockSchedule(tx, scope, scheduleId))) throw notFound();
      const using = await repo.campaignsOnSchedules(tx, scope, [scheduleId]);
      if (using.some((campaign) => SENDING_STATUSES.has(campaign.status))) throw new DomainError('schedule_in_use');
      if ((await repo.warmupsOnSchedules(tx, scope, [scheduleId])).has(scheduleId)) throw new DomainError('schedule_in_use');
      await repo.deleteSchedule(tx, scope, scheduleId);
    });
  }
}

function categoryExists() {
  return new DomainError('template_category_exists', { field: 'name' });
}

/**
 * Sanitised subject and body, then the emptiness rule on what will be stored: markup alone (or a
 * script the sanitiser drops) is no body.
 */
function cleanTemplate(input: TemplateInput): repo.TemplateValues {
  const { subject, body, plainTextMode, isAiGenerated } = input.templateData;
  const cleanSubject = sanitizeSubject(subject);
  const cleanBody = plainTextMode ? plainTextOf(body) : sanitizeMailHtml(body);
  if (templateSaveError({ subject: cleanSubject, body: cleanBody })) {
    const field = cleanSubject.trim().length === 0 ? 'templateData.subject' : 'templateData.body';
    throw new DomainError('save_template_empty_data', { field });
  }
  return {
    categoryId: input.categoryId,
    name: input.templateName,
    subject: cleanSubject,
    body: cleanBody,
    plainTextMode,
    isAiGenerated,
  };
}

function templateView({ template, categoryName }: repo.TemplateWithCategory): EmailTemplateItem {
  return {
    templateId: template.id,
    categoryId: template.categoryId,
    categoryName,
    templateName: template.name,
    templateData: {
      subject: template.subject,
      body: template.body,
      plainTextMode: template.plainTextMode,
      isAiGenerated: template.isAiGenerated,
    },
    updatedAt: (template.updatedAt ?? template.createdAt).toISOString(),
  };
}

function categoryView({ category, templatesCount }: repo.CategoryWithCount): TemplateCategoryItem {
  return { id: category.id, name: category.name, templatesCount: Number(templatesCount) };
}

function scheduleView(row: repo.ScheduleRow, used: readonly repo.ScheduleCampaign[], warmups: ReadonlyMap<number, number>): Schedule {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    days: (row.days ?? []) as ScheduleDay[],
    campaignList: used.filter((campaign) => campaign.scheduleId === row.id).map((campaign) => ({ campaignId: campaign.campaignId, title: campaign.title })),
    warmupCount: warmups.get(row.id) ?? 0,
  };
}
