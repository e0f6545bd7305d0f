//! A project's issues and the notes written on them: the business rules of the `issues`
//! section of the `projects` family (who may open, change, close and delete them, how iids
//! are numbered, who may change a note).

use std::collections::BTreeMap;

use restspec_runtime::{Page, PageRequest, RequestContext, Rfc3339Timestamp};

use crate::Gitlab;
use crate::api::options::ListIssuesOptions;
use crate::api::types::{
    Issue, IssueChanges, IssueCreate, IssueState, IssueStateFilter, Note, NoteInput, StateEvent,
};
use crate::api::{Error, ProjectsIssuesHandlers};
use crate::rules::{Needs, invalid, issue, issue_mut, label_names};
use crate::store::{IssueRecord, NoteRecord, ProjectRecord};

#[allow(refining_impl_trait)]
impl ProjectsIssuesHandlers for Gitlab {
    async fn list_issues(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        page: PageRequest,
        options: ListIssuesOptions,
    ) -> Result<Page<Issue>, Error> {
        let state = match options.state {
            None | Some(IssueStateFilter::All) => None,
            Some(IssueStateFilter::Opened) => Some(IssueState::Opened),
            Some(IssueStateFilter::Closed) => Some(IssueState::Closed),
        };
        let labels = options.labels;
        let search = options.search.map(|s| s.to_lowercase());
        self.read(&ctx, id, |views, project| {
            let found: Vec<Issue> = project
                .issues
                .values()
                .rev()
                .filter(|i| state.is_none_or(|s| i.state == s))
                .filter(|i| labels.iter().all(|l| i.labels.contains(l)))
                .filter(|i| {
                    search.as_ref().is_none_or(|s| {
                        i.title.to_lowercase().contains(s)
                            || i.description
                                .as_ref()
                                .is_some_and(|d| d.to_lowercase().contains(s))
                    })
                })
                .map(|i| views.issue(project, i))
                .collect();
            Ok(page.slice(&found))
        })
    }

    async fn create_issue(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        body: IssueCreate,
    ) -> Result<Issue, Error> {
        if body.title.trim().is_empty() {
            return Err(invalid("title", "can't be blank"));
        }
        let change = |project: &mut ProjectRecord, fresh: i64, author: Option<i64>| {
            let iid = project.next_iid;
            project.next_iid += 1;
            let now = Rfc3339Timestamp::now();
            project.issues.insert(
                iid,
                IssueRecord {
                    id: fresh,
                    iid,
                    title: body.title,
                    description: body.description.value().cloned(),
                    state: IssueState::Opened,
                    labels: body.labels.map(label_names).unwrap_or_default(),
                    author: author.unwrap_or_default(),
                    confidential: body.confidential.unwrap_or(false),
                    due_date: body.due_date.value().cloned(),
                    created_at: now,
                    updated_at: now,
                    closed_at: None,
                    closed_by: None,
                    notes: BTreeMap::new(),
                },
            );
            Ok(iid)
        };
        self.write(
            &ctx,
            id,
            Needs::Contributor,
            change,
            |views, project, iid| project.issues.get(&iid).map(|i| views.issue(project, i)),
        )?
        .ok_or_else(|| Error::Internal("the new issue is gone".into()))
    }

    async fn get_issue(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
    ) -> Result<Issue, Error> {
        self.read(&ctx, id, |views, project| {
            Ok(views.issue(project, issue(project, issue_iid)?))
        })
    }

    async fn update_issue(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        body: IssueChanges,
    ) -> Result<Issue, Error> {
        let change = |project: &mut ProjectRecord, _: i64, caller: Option<i64>| {
            let issue = issue_mut(project, issue_iid)?;
            if let Some(title) = body.title {
                if title.trim().is_empty() {
                    return Err(invalid("title", "can't be blank"));
                }
                issue.title = title;
            }
            body.description.apply(&mut issue.description);
            body.due_date.apply(&mut issue.due_date);
            if let Some(labels) = body.labels {
                issue.labels = label_names(labels);
            }
            for label in body.add_labels.map(label_names).unwrap_or_default() {
                if !issue.labels.contains(&label) {
                    issue.labels.push(label);
                }
            }
            let removed = body.remove_labels.map(label_names).unwrap_or_default();
            issue.labels.retain(|l| !removed.contains(l));
            if let Some(confidential) = body.confidential {
                issue.confidential = confidential;
            }
            match body.state_event {
                Some(StateEvent::Close) if issue.state == IssueState::Opened => {
                    issue.state = IssueState::Closed;
                    issue.closed_at = Some(Rfc3339Timestamp::now());
                    issue.closed_by = caller;
                }
                Some(StateEvent::Reopen) if issue.state == IssueState::Closed => {
                    issue.state = IssueState::Opened;
                    issue.closed_at = None;
                    issue.closed_by = None;
                }
                _ => {}
            }
            issue.updated_at = Rfc3339Timestamp::now();
            Ok(issue.iid)
        };
        self.write(
            &ctx,
            id,
            Needs::Contributor,
            change,
            |views, project, iid| project.issues.get(&iid).map(|i| views.issue(project, i)),
        )?
        .ok_or_else(|| Error::not_found_for("Issue"))
    }

    async fn delete_issue(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
    ) -> Result<(), Error> {
        let change = |project: &mut ProjectRecord, _: i64, _: Option<i64>| {
            let iid = issue(project, issue_iid)?.iid;
            project.issues.remove(&iid);
            Ok(())
        };
        self.write(&ctx, id, Needs::Maintainer, change, |_, _, ()| ())
    }

    async fn list_notes(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        page: PageRequest,
    ) -> Result<Page<Note>, Error> {
        self.read(&ctx, id, |views, project| {
            let issue = issue(project, issue_iid)?;
            let notes: Vec<Note> = issue
                .notes
                .values()
                .map(|n| views.note(project, issue, n))
                .collect();
            Ok(page.slice(&notes))
        })
    }

    async fn create_note(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        body: NoteInput,
    ) -> Result<Note, Error> {
        if body.body.trim().is_empty() {
            return Err(invalid("body", "can't be blank"));
        }
        let change = |project: &mut ProjectRecord, fresh: i64, author: Option<i64>| {
            let issue = issue_mut(project, issue_iid)?;
            let now = Rfc3339Timestamp::now();
            issue.notes.insert(
                fresh,
                NoteRecord {
                    id: fresh,
                    body: body.body,
                    author: author.unwrap_or_default(),
                    created_at: now,
                    updated_at: now,
                },
            );
            Ok((issue.iid, fresh))
        };
        self.write(
            &ctx,
            id,
            Needs::Contributor,
            change,
            |views, project, (iid, note)| {
                let issue = project.issues.get(&iid)?;
                Some(views.note(project, issue, issue.notes.get(&note)?))
            },
        )?
        .ok_or_else(|| Error::Internal("the new note is gone".into()))
    }

    async fn get_note(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        note_id: i64,
    ) -> Result<Note, Error> {
        self.read(&ctx, id, |views, project| {
            let issue = issue(project, issue_iid)?;
            let note = issue
                .notes
                .get(&note_id)
                .ok_or_else(|| Error::not_found_for("Note"))?;
            Ok(views.note(project, issue, note))
        })
    }

    async fn update_note(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        note_id: i64,
        body: NoteInput,
    ) -> Result<Note, Error> {
        let change = |project: &mut ProjectRecord, _: i64, caller: Option<i64>| {
            let issue = issue_mut(project, issue_iid)?;
            let note = issue
                .notes
                .get_mut(&note_id)
                .ok_or_else(|| Error::not_found_for("Note"))?;
            if Some(note.author) != caller {
                return Err(Error::Forbidden("Forbidden".into()));
            }
            note.body = body.body;
            note.updated_at = Rfc3339Timestamp::now();
            Ok((issue.iid, note.id))
        };
        self.write(
            &ctx,
            id,
            Needs::Contributor,
            change,
            |views, project, (iid, note)| {
                let issue = project.issues.get(&iid)?;
                Some(views.note(project, issue, issue.notes.get(&note)?))
            },
        )?
        .ok_or_else(|| Error::not_found_for("Note"))
    }

    async fn delete_note(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        issue_iid: i64,
        note_id: i64,
    ) -> Result<(), Error> {
        let change = |project: &mut ProjectRecord, _: i64, caller: Option<i64>| {
            let owner = project.owner;
            let issue = issue_mut(project, issue_iid)?;
            let id = note_id;
            let note = issue
                .notes
                .get(&id)
                .ok_or_else(|| Error::not_found_for("Note"))?;
            if Some(note.author) != caller && Some(owner) != caller {
                return Err(Error::Forbidden("Forbidden".into()));
            }
            issue.notes.remove(&id);
            Ok(())
        };
        self.write(&ctx, id, Needs::Contributor, change, |_, _, ()| ())
    }
}
