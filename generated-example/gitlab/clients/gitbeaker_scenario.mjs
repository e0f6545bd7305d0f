// @gitbeaker/rest (npm), a published client library of GitLab, against the gitlab-subset
// example.
//
// Run by .ci/gitlab-clients with the service's base URL (no /api/v4) as argv[2] of node
// (the script's first argument), or in GITLAB_URL. Uses the library as its users do,
// unchanged: authentication (token, oauthToken, ?private_token=), users, projects, issues
// with their pagination (gitbeaker walks every page by itself) and filters, notes, labels,
// merge requests, typed errors, rate-limit headers. Every step prints `ok - ...` or
// `not ok - ...: detail` and the run goes on; the last line counts them, and the exit
// status is 1 if any failed. Names carry a random suffix, so the scenario can run again
// and again against the same service.

import { randomBytes } from 'node:crypto';
import { Gitlab, GitbeakerRequestError } from '@gitbeaker/rest';

const BASE = (process.argv[2] || process.env.GITLAB_URL || '').replace(/\/+$/, '');
if (!BASE) {
  console.error('usage: node gitbeaker_scenario.mjs http://HOST:PORT (or GITLAB_URL)');
  process.exit(2);
}
const SUFFIX = randomBytes(3).toString('hex');
const TIMEOUT_MS = 30000;

const USER_KEYS = ['id', 'username', 'name', 'state', 'avatar_url', 'web_url'];
const PROJECT_KEYS = [
  'id', 'name', 'path', 'path_with_namespace', 'name_with_namespace', 'description',
  'default_branch', 'visibility', 'web_url', 'created_at', 'updated_at', 'namespace',
  'topics', 'open_issues_count', 'archived',
];
const ISSUE_KEYS = [
  'id', 'iid', 'project_id', 'title', 'description', 'state', 'labels', 'author',
  'assignee', 'assignees', 'created_at', 'updated_at', 'closed_at', 'web_url',
  'user_notes_count', 'references',
];
const NOTE_KEYS = [
  'id', 'body', 'author', 'noteable_id', 'noteable_iid', 'noteable_type', 'project_id',
  'system', 'created_at', 'updated_at',
];
const LABEL_KEYS = ['id', 'name', 'color', 'description'];
const MR_KEYS = [
  'id', 'iid', 'project_id', 'title', 'description', 'state', 'source_branch',
  'target_branch', 'author', 'web_url',
];
const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

let count = 0;
let failed = 0;
const state = {}; // what one step leaves for the next ones

function describe(err) {
  const status = err?.cause?.response?.status;
  const name = err?.name || 'Error';
  const text = `${name}${status ? ` (status ${status})` : ''}: ${err?.message ?? err}`;
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

async function check(what, step) {
  count += 1;
  try {
    await step();
    console.log(`ok - ${what}`);
  } catch (err) {
    failed += 1;
    console.log(`not ok - ${what}: ${describe(err)}`);
    if (process.env.VERBOSE) console.error(err);
  }
}

function expect(condition, detail) {
  if (!condition) throw new Error(detail);
}

function need(name) {
  if (!(name in state)) throw new Error(`skipped: an earlier step did not produce ${name}`);
  return state[name];
}

function hasKeys(obj, keys, what) {
  expect(obj && typeof obj === 'object' && !Array.isArray(obj), `${what} is not an object: ${JSON.stringify(obj)}`);
  const missing = keys.filter((k) => !(k in obj));
  expect(missing.length === 0, `missing keys ${missing.join(', ')} in ${what}`);
}

// call() rejects with a GitbeakerRequestError whose response status is one of statuses.
async function rejects(call, ...statuses) {
  let result;
  try {
    result = await call();
  } catch (err) {
    expect(err instanceof GitbeakerRequestError, `not a GitbeakerRequestError: ${describe(err)}`);
    const status = err.cause?.response?.status;
    expect(statuses.includes(status), `status ${status}, expected ${statuses.join(' or ')}: ${err.message}`);
    return err;
  }
  throw new Error(`no error; got ${JSON.stringify(result).slice(0, 200)}`);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const iidsOf = (issues) => issues.map((i) => i.iid).sort((a, b) => a - b);

function client(auth = {}) {
  return new Gitlab({ host: BASE, queryTimeout: TIMEOUT_MS, ...auth });
}

const api = client({ token: 'alice-token' });
const anon = client();

// --- the service, authentication, users ---

await check('GET /api/v4/version (fetch): version and revision, Content-Type application/json', async () => {
  const response = await fetch(`${BASE}/api/v4/version`, { headers: { 'private-token': 'alice-token' } });
  expect(response.status === 200, `status ${response.status}`);
  expect(response.headers.get('content-type') === 'application/json', `Content-Type ${response.headers.get('content-type')}`);
  const body = await response.json();
  expect(typeof body.version === 'string' && typeof body.revision === 'string', `body ${JSON.stringify(body)}`);
});

await check('token (PRIVATE-TOKEN): Users.showCurrentUser() is alice, with every user key', async () => {
  const me = await api.Users.showCurrentUser();
  expect(me.username === 'alice' && me.id === 1 && me.name === 'Alice Liddell', `got ${JSON.stringify(me)}`);
  hasKeys(me, USER_KEYS, 'the user');
  expect(me.web_url.startsWith(`${BASE}/`), `web_url ${me.web_url} not on ${BASE}`);
});

await check('oauthToken (Authorization: Bearer): Users.showCurrentUser() is alice', async () => {
  const me = await client({ oauthToken: 'alice-token' }).Users.showCurrentUser();
  expect(me.username === 'alice', `username ${me.username}`);
});

await check('?private_token= in the query: Users.showCurrentUser({privateToken}) is alice', async () => {
  const me = await anon.Users.showCurrentUser({ privateToken: 'alice-token' });
  expect(me.username === 'alice', `username ${me.username}`);
});

await check("bob's token: Users.showCurrentUser() is bob", async () => {
  const me = await client({ token: 'bob-token' }).Users.showCurrentUser();
  expect(me.username === 'bob' && me.id === 2, `got ${me.username}/${me.id}`);
});

await check('Users.all({username: "bob"}): exactly bob, with every user key', async () => {
  const users = await api.Users.all({ username: 'bob' });
  expect(same(users.map((u) => u.username), ['bob']), `got ${JSON.stringify(users.map((u) => u.username))}`);
  expect(users[0].name === 'Bob Builder' && users[0].id === 2, `got ${users[0].name}/${users[0].id}`);
  hasKeys(users[0], USER_KEYS, 'the user');
});

await check('anonymous Projects.all(): public projects only, alice/seed among them', async () => {
  const projects = await anon.Projects.all();
  const paths = projects.map((p) => p.path_with_namespace);
  expect(paths.includes('alice/seed'), `alice/seed not in ${JSON.stringify(paths)}`);
  const hidden = projects.filter((p) => p.visibility !== 'public').map((p) => p.path_with_namespace);
  expect(hidden.length === 0, `not public: ${JSON.stringify(hidden)}`);
});

await check('anonymous Users.showCurrentUser(): GitbeakerRequestError, status 401', async () => {
  const err = await rejects(() => anon.Users.showCurrentUser(), 401);
  expect(err.message.includes('401'), `message ${err.message}`);
});

await check('anonymous Projects.create(): status 401', async () => {
  await rejects(() => anon.Projects.create({ name: `anon ${SUFFIX}` }), 401);
});

await check('unknown token on an anonymous-readable route (Projects.all): status 401', async () => {
  await rejects(() => client({ token: 'no-such-token' }).Projects.all(), 401);
});

await check('unknown oauthToken on Projects.show(1): status 401', async () => {
  await rejects(() => client({ oauthToken: 'no-such-token' }).Projects.show(1), 401);
});

// --- projects ---

const PROJECT_NAME = `GB demo ${SUFFIX}`;
const PROJECT_PATH = `gb-demo-${SUFFIX}`;
const FULL_PATH = `alice/${PROJECT_PATH}`;

await check("Projects.create({name: 'GB demo <suffix>'}): path alice/gb-demo-<suffix>, every project key", async () => {
  const project = await api.Projects.create({ name: PROJECT_NAME });
  state.projectId = project.id;
  hasKeys(project, PROJECT_KEYS, 'the project');
  expect(project.name === PROJECT_NAME, `name ${project.name}`);
  expect(project.path === PROJECT_PATH, `path ${project.path}`);
  expect(project.path_with_namespace === FULL_PATH, `path_with_namespace ${project.path_with_namespace}`);
  expect(project.description === null, `description ${JSON.stringify(project.description)}`);
  expect(project.web_url.startsWith(`${BASE}/`), `web_url ${project.web_url} not on ${BASE}`);
});

await check('Projects.create() with the same name again: status 400 (or 409)', async () => {
  need('projectId');
  await rejects(() => api.Projects.create({ name: PROJECT_NAME }), 400, 409);
});

await check('Projects.show(id): the new project', async () => {
  const project = await api.Projects.show(need('projectId'));
  expect(project.path_with_namespace === FULL_PATH, `got ${project.path_with_namespace}`);
});

await check('Projects.show("alice/gb-demo-<suffix>") (URL-encoded path): the same project', async () => {
  const project = await api.Projects.show(FULL_PATH);
  expect(project.id === need('projectId'), `id ${project.id}`);
});

await check('Projects.show(id, {showExpanded}): RateLimit-Limit, -Remaining, -Reset headers', async () => {
  const { status, headers } = await api.Projects.show(need('projectId'), { showExpanded: true });
  expect(status === 200, `status ${status}`);
  const absent = RATE_LIMIT_HEADERS.filter((h) => !(h in headers));
  expect(absent.length === 0, `absent: ${absent.join(', ')}`);
});

await check('Projects.edit(id, {description}): set, and it reads back', async () => {
  const id = need('projectId');
  const edited = await api.Projects.edit(id, { description: `made by gitbeaker ${SUFFIX}` });
  expect(edited.description === `made by gitbeaker ${SUFFIX}`, `after edit: ${edited.description}`);
  const again = await api.Projects.show(id);
  expect(again.description === `made by gitbeaker ${SUFFIX}`, `read back: ${again.description}`);
});

await check('Projects.edit(id, {description: null}): null, and it reads back null', async () => {
  const id = need('projectId');
  const edited = await api.Projects.edit(id, { description: null });
  expect(edited.description === null, `after edit: ${JSON.stringify(edited.description)}`);
  const again = await api.Projects.show(id);
  expect('description' in again && again.description === null, `read back: ${JSON.stringify(again.description)}`);
});

// --- issues ---

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
const BUG = `gb-bug-${SUFFIX}`;

await check('Issues.create() five times: iids 1..5, opened, two labelled', async () => {
  const projectId = need('projectId');
  const created = [];
  for (const [n, word] of WORDS.entries()) {
    const options = { description: `issue ${n + 1} of the gitbeaker scenario` };
    if (n < 2) options.labels = BUG;
    created.push(await api.Issues.create(projectId, `${word} ${SUFFIX}`, options));
  }
  const iids = created.map((i) => i.iid);
  expect(same(iids, [1, 2, 3, 4, 5]), `iids ${JSON.stringify(iids)}`);
  expect(same(created[0].labels, [BUG]) && same(created[1].labels, [BUG]), `labels ${JSON.stringify(created[0].labels)}`);
  expect(created.every((i) => i.state === 'opened' && i.project_id === projectId), 'state or project_id differ');
  state.iids = iids;
});

await check('an issue has every key, author alice, web_url on the base URL', async () => {
  need('iids');
  const issue = await api.Issues.show(5, { projectId: need('projectId') });
  hasKeys(issue, ISSUE_KEYS, 'the issue');
  expect(issue.author?.username === 'alice', `author ${JSON.stringify(issue.author)}`);
  expect(issue.closed_at === null && issue.assignee === null, `closed_at ${issue.closed_at}, assignee ${JSON.stringify(issue.assignee)}`);
  expect(issue.web_url.startsWith(`${BASE}/`), `web_url ${issue.web_url}`);
});

await check('Issues.all({projectId, perPage: 2}): the five, through every page', async () => {
  const issues = await api.Issues.all({ projectId: need('projectId'), perPage: 2 });
  expect(same(iidsOf(issues), need('iids')), `iids ${JSON.stringify(iidsOf(issues))}`);
});

await check('Issues.all({perPage: 2, showExpanded}): five, paginationInfo total 5, totalPages 3', async () => {
  const { data, paginationInfo: info } = await api.Issues.all({ projectId: need('projectId'), perPage: 2, showExpanded: true });
  expect(same(iidsOf(data), need('iids')), `iids ${JSON.stringify(iidsOf(data))}`);
  expect(info.total === 5 && info.totalPages === 3 && info.perPage === 2, `paginationInfo ${JSON.stringify(info)}`);
  expect(info.current === 3 && info.next === null && info.previous === 2, `paginationInfo ${JSON.stringify(info)}`);
});

await check('Issues.all({perPage: 2, maxPages: 1, showExpanded}): page 1 of 3, next 2', async () => {
  const { data, paginationInfo: info } = await api.Issues.all({
    projectId: need('projectId'), perPage: 2, maxPages: 1, showExpanded: true,
  });
  expect(data.length === 2, `${data.length} issues`);
  expect(info.current === 1 && info.next === 2 && info.previous === null && info.total === 5, `paginationInfo ${JSON.stringify(info)}`);
});

await check('Issues.all({perPage: 2, page: 2}): two issues, none of page 1\'s', async () => {
  const projectId = need('projectId');
  const first = iidsOf(await api.Issues.all({ projectId, perPage: 2, page: 1 }));
  const second = iidsOf(await api.Issues.all({ projectId, perPage: 2, page: 2 }));
  expect(first.length === 2 && second.length === 2, `pages ${JSON.stringify(first)} ${JSON.stringify(second)}`);
  expect(!first.some((iid) => second.includes(iid)), `pages overlap: ${JSON.stringify(first)} ${JSON.stringify(second)}`);
});

await check('Issues.all({search: "charlie"}): just that issue', async () => {
  const found = await api.Issues.all({ projectId: need('projectId'), search: 'charlie' });
  expect(same(iidsOf(found), [3]), `iids ${JSON.stringify(iidsOf(found))}`);
});

await check('Issues.show(1, {projectId}): title, state, labels', async () => {
  need('iids');
  const issue = await api.Issues.show(1, { projectId: need('projectId') });
  expect(issue.iid === 1 && issue.title === `alpha ${SUFFIX}`, `got ${issue.iid}/${issue.title}`);
  expect(issue.state === 'opened' && same(issue.labels, [BUG]), `got ${issue.state}/${JSON.stringify(issue.labels)}`);
});

await check('Issues.edit(title): renamed, and it reads back', async () => {
  need('iids');
  const projectId = need('projectId');
  const edited = await api.Issues.edit(projectId, 4, { title: `delta renamed ${SUFFIX}` });
  expect(edited.title === `delta renamed ${SUFFIX}`, `after edit: ${edited.title}`);
  expect((await api.Issues.show(4, { projectId })).title === `delta renamed ${SUFFIX}`, 'not read back');
});

await check('Issues.edit(description: null): cleared to null', async () => {
  need('iids');
  const edited = await api.Issues.edit(need('projectId'), 4, { description: null });
  expect(edited.description === null, `description ${JSON.stringify(edited.description)}`);
});

await check('Issues.edit({stateEvent: "close"}): closed, closed_at set', async () => {
  need('iids');
  const edited = await api.Issues.edit(need('projectId'), 5, { stateEvent: 'close' });
  expect(edited.state === 'closed', `state ${edited.state}`);
  expect(edited.closed_at !== null, 'closed_at is null');
  state.closed = 5;
});

await check('Issues.all({state}): closed is the closed one, opened the other four', async () => {
  const projectId = need('projectId');
  need('closed');
  const closed = iidsOf(await api.Issues.all({ projectId, state: 'closed' }));
  const opened = iidsOf(await api.Issues.all({ projectId, state: 'opened' }));
  expect(same(closed, [5]), `closed ${JSON.stringify(closed)}`);
  expect(same(opened, [1, 2, 3, 4]), `opened ${JSON.stringify(opened)}`);
});

await check('Issues.all({labels: "gb-bug-<suffix>"}): the two labelled issues', async () => {
  const found = iidsOf(await api.Issues.all({ projectId: need('projectId'), labels: BUG }));
  expect(same(found, [1, 2]), `iids ${JSON.stringify(found)}`);
});

await check('Issues.show() of a missing issue: status 404, message with "Not Found"', async () => {
  const err = await rejects(() => api.Issues.show(9999, { projectId: need('projectId') }), 404);
  expect(err.message.includes('Not Found'), `message ${err.message}`);
});

await check('Issues.create() without a title: status 400 naming title', async () => {
  const err = await rejects(() => api.Issues.create(need('projectId'), undefined, { description: 'no title' }), 400);
  expect(err.message.includes('title'), `message ${err.message}`);
});

// --- notes ---

await check('IssueNotes.create(): body, noteable_type Issue, every note key', async () => {
  need('iids');
  const projectId = need('projectId');
  const issue = await api.Issues.show(1, { projectId });
  const note = await api.IssueNotes.create(projectId, 1, `first note ${SUFFIX}`);
  hasKeys(note, NOTE_KEYS, 'the note');
  expect(note.body === `first note ${SUFFIX}`, `body ${note.body}`);
  expect(note.noteable_type === 'Issue' && note.noteable_iid === 1, `${note.noteable_type}/${note.noteable_iid}`);
  expect(note.noteable_id === issue.id && note.project_id === projectId, 'noteable_id or project_id differ');
  expect(note.author?.username === 'alice' && note.system === false, `author ${JSON.stringify(note.author)}, system ${note.system}`);
  state.noteId = note.id;
});

await check('IssueNotes.all(): the new note', async () => {
  const notes = await api.IssueNotes.all(need('projectId'), 1);
  expect(notes.some((n) => n.id === need('noteId')), `ids ${JSON.stringify(notes.map((n) => n.id))}`);
});

await check('IssueNotes.edit({body}): changed', async () => {
  const note = await api.IssueNotes.edit(need('projectId'), 1, need('noteId'), { body: `edited note ${SUFFIX}` });
  expect(note.body === `edited note ${SUFFIX}`, `body ${note.body}`);
});

await check('IssueNotes.remove() (DELETE with a {} body): gone from the list', async () => {
  const projectId = need('projectId');
  await api.IssueNotes.remove(projectId, 1, need('noteId'));
  const notes = await api.IssueNotes.all(projectId, 1);
  expect(!notes.some((n) => n.id === need('noteId')), 'still listed');
});

// --- labels ---

const LABEL = `gb good first ${SUFFIX}`;
const RENAMED = `gb renamed ${SUFFIX}`;

await check('ProjectLabels.create(name with spaces, color, {description}): every label key', async () => {
  const label = await api.ProjectLabels.create(need('projectId'), LABEL, '#d9534f', { description: 'made by gitbeaker' });
  hasKeys(label, LABEL_KEYS, 'the label');
  expect(label.name === LABEL && label.color.toLowerCase() === '#d9534f', `got ${label.name}/${label.color}`);
  expect(label.description === 'made by gitbeaker', `description ${label.description}`);
  state.labelId = label.id;
});

await check('ProjectLabels.all(): the new label', async () => {
  need('labelId');
  const labels = await api.ProjectLabels.all(need('projectId'));
  expect(labels.some((l) => l.name === LABEL), `names ${JSON.stringify(labels.map((l) => l.name))}`);
});

await check('ProjectLabels.edit(id, {color}): changed', async () => {
  const label = await api.ProjectLabels.edit(need('projectId'), need('labelId'), { color: '#5cb85c' });
  expect(label.name === LABEL && label.color.toLowerCase() === '#5cb85c', `got ${label.name}/${label.color}`);
});

await check('ProjectLabels.edit(URL-encoded name, {newName}): renamed', async () => {
  need('labelId');
  const label = await api.ProjectLabels.edit(need('projectId'), LABEL, { newName: RENAMED });
  expect(label.name === RENAMED && label.id === need('labelId'), `got ${label.name}/${label.id}`);
  state.labelName = RENAMED;
});

await check('ProjectLabels.remove(URL-encoded name): gone from the list', async () => {
  const projectId = need('projectId');
  await api.ProjectLabels.remove(projectId, need('labelName'));
  const labels = await api.ProjectLabels.all(projectId);
  expect(!labels.some((l) => l.id === need('labelId')), 'still listed');
});

// --- merge requests of alice/seed ---

await check('MergeRequests.all({projectId: "alice/seed"}): the seed merge request', async () => {
  const mrs = await api.MergeRequests.all({ projectId: 'alice/seed' });
  expect(mrs.some((mr) => mr.iid === 1 && mr.title === 'Seed merge request'), `got ${JSON.stringify(mrs.map((mr) => [mr.iid, mr.title]))}`);
});

await check('MergeRequests.show("alice/seed", 1): branches, state, every key', async () => {
  const mr = await api.MergeRequests.show('alice/seed', 1);
  hasKeys(mr, MR_KEYS, 'the merge request');
  expect(mr.state === 'opened', `state ${mr.state}`);
  expect(mr.source_branch === 'feature' && mr.target_branch === 'main', `branches ${mr.source_branch}->${mr.target_branch}`);
});

// --- deletions ---

await check('Issues.remove() answers no content, then Issues.show(): status 404', async () => {
  need('iids');
  const projectId = need('projectId');
  const gone = await api.Issues.remove(projectId, 3);
  expect(gone === null, `body ${JSON.stringify(gone)}`);
  await rejects(() => api.Issues.show(3, { projectId }), 404);
});

await check('Projects.remove(): 202 {"message": "202 Accepted"}, then Projects.show(): 404 Project Not Found', async () => {
  const id = need('projectId');
  const { status, data } = await api.Projects.remove(id, { showExpanded: true });
  expect(status === 202, `status ${status}`);
  expect(data?.message === '202 Accepted', `body ${JSON.stringify(data)}`);
  const err = await rejects(() => api.Projects.show(id), 404);
  expect(err.message.includes('Project Not Found'), `message ${err.message}`);
});

console.log(`${count} checks, ${failed} failed`);
process.exit(failed ? 1 : 0);
