import type {
  Account,
  AdminReport,
  AdminReportPage,
  Report,
  ReportNote,
  ReportState,
  Rule,
  Status,
} from '../types.ts';
import { AccountSchema } from './account.ts';
import {
  bool,
  entity,
  entitySchema,
  id,
  list,
  nstr,
  num,
  obj,
  oneOf,
  opt,
  str,
  strList,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { RuleSchema } from './rule.ts';
import { StatusSchema } from './status.ts';

const userReportRaw = obj('Report', {
  id: id(),
  action_taken: bool(),
  category: opt(str('other')),
  comment: str(),
  forwarded: opt(bool()),
  created_at: str(),
  status_ids: opt(strList()),
  rule_ids: opt(strList()),
  target_account: entity((): Schema<Account> => AccountSchema),
});

/** What POST /api/v1/reports answers. */
export const ReportSchema = entitySchema(userReportRaw, (r): Report => ({
  id: r.id,
  actionTaken: r.action_taken,
  category: r.category,
  comment: r.comment,
  forwarded: r.forwarded,
  createdAt: r.created_at,
  statusIds: r.status_ids,
  ruleIds: r.rule_ids,
  targetAccount: r.target_account,
}));

export const parseReport = makeParser('Report', ReportSchema);

const noteRaw = obj('ReportNote', {
  id: id(),
  content: str(),
  user: entity((): Schema<Account> => AccountSchema),
  created_at: str(),
});

const ReportNoteSchema = entitySchema(noteRaw, (r): ReportNote => ({
  id: r.id,
  content: r.content,
  user: r.user,
  createdAt: r.created_at,
}));

const REPORT_STATES = ['open', 'closed', 'resolved'] as const;

const adminRaw = obj('AdminReport', {
  id: id(),
  state: oneOf(REPORT_STATES, 'open'),
  account: entity((): Schema<Account> => AccountSchema),
  actor: entity((): Schema<Account> => AccountSchema),
  content: nstr(),
  created_at: str(),
  statuses: list('Status', (): Schema<Status> => StatusSchema),
  notes: opt(list('ReportNote', () => ReportNoteSchema)),
  rules: opt(list('Rule', (): Schema<Rule> => RuleSchema)),
});

/** Pleroma's admin report: also the `report` of a pleroma:report notification. */
export const AdminReportSchema: Schema<AdminReport> = entitySchema(adminRaw, (r): AdminReport => ({
  id: r.id,
  state: r.state as ReportState,
  account: r.account,
  actor: r.actor,
  content: r.content ?? '',
  createdAt: r.created_at,
  statuses: r.statuses,
  notes: r.notes,
  rules: r.rules,
}));

export const parseAdminReport = makeParser('AdminReport', AdminReportSchema);
export const parseAdminReportList = makeListParser('AdminReport', AdminReportSchema);

const pageRaw = obj('AdminReportPage', {
  total: num(),
  reports: list('AdminReport', () => AdminReportSchema),
});

export const AdminReportPageSchema = entitySchema(pageRaw, (r): AdminReportPage => ({
  total: Math.max(r.total, r.reports.length),
  reports: r.reports,
}));

export const parseAdminReportPage = makeParser('AdminReportPage', AdminReportPageSchema);
