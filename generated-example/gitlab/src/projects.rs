//! Projects and what they hold: the business rules of the `projects` family (who may see
//! and change what, how paths and iids are made, what an update touches). The protocol
//! (tokens, errors, pages, links, rate limits) is the runtime's.

use std::collections::BTreeMap;

use restspec_runtime::{Caller, Page, PageRequest, RequestContext, Rfc3339Timestamp};

use crate::Gitlab;
use crate::api::options::{ListIssuesOptions, ListMergeRequestsOptions, ListProjectsOptions};
use crate::api::types::{
    Issue, IssueChanges, IssueCreate, IssueState, IssueStateFilter, Label, LabelChanges,
    LabelCreate, MergeRequest, MergeRequestState, MergeRequestStateFilter, Message, Note,
    NoteInput, Project, ProjectChanges, ProjectCreate, StateEvent, Visibility,
};
use crate::api::{Error, ProjectsHandlers};
use crate::rules::{
    Needs, change_label, invalid, is_color, issue, issue_mut, label_id, label_names, path_of,
};
use crate::store::{IssueRecord, LabelRecord, NoteRecord, ProjectRecord, caller_id};
use crate::views::Views;

impl Gitlab {
    /// Changes the label `label` names (its number or its name) in project `id`.
    fn relabel(
        &self,
        ctx: &RequestContext<'_>,
        id: &str,
        label: &str,
        body: LabelChanges,
    ) -> Result<Label, Error> {
        let change = |project: &mut ProjectRecord, _: i64, _: Option<i64>| {
            let label = label_id(project, label)?;
            change_label(project, label, body)
        };
        self.write(
            ctx,
            id,
            Needs::Maintainer,
            change,
            |views, project, label| project.labels.get(&label).map(|l| views.label(project, l)),
        )?
        .ok_or_else(|| Error::not_found_for("Label"))
    }
}

#[allow(refining_impl_trait)]
impl ProjectsHandlers for Gitlab {
    async fn resolve_projects(&self, caller: &Caller, id: &str) -> Result<bool, Error> {
        let data = self.store.lock();
        // A project the caller may not see is as missing as one that does not exist.
        match data.project(caller, id) {
            Some(_) => Ok(true),
            None => Err(Error::not_found_for("Project")),
        }
    }

    async fn list_projects(
        &self,
        ctx: RequestContext<'_>,
        page: PageRequest,
        options: ListProjectsOptions,
    ) -> Result<Page<Project>, Error> {
        let data = self.store.lock();
        let base = ctx.public_url();
        let views = Views {
            data: &data,
            base: &base,
        };
        let me = caller_id(ctx.caller);
        let search = options.search.map(|s| s.to_lowercase());
        let found: Vec<Project> = data
            .projects
            .values()
            .rev()
            .filter(|p| data.may_see(ctx.caller, p))
            .filter(|p| options.owned != Some(true) || Some(p.owner) == me)
            .filter(|p| options.visibility.is_none_or(|v| p.visibility == v))
            .filter(|p| {
                search
                    .as_ref()
                    .is_none_or(|s| p.name.to_lowercase().contains(s) || p.path.contains(s))
            })
            .map(|p| views.project(p))
            .collect();
        Ok(page.slice(&found))
    }

    async fn create_project(
        &self,
        ctx: RequestContext<'_>,
        body: ProjectCreate,
    ) -> Result<Project, Error> {
        let owner =
            caller_id(ctx.caller).ok_or_else(|| Error::Unauthorized("Unauthorized".into()))?;
        let name = body.name.trim().to_owned();
        if name.is_empty() {
            return Err(invalid("name", "can't be blank"));
        }
        let path = body.path.unwrap_or_else(|| path_of(&name));
        let mut data = self.store.lock();
        if data
            .projects
            .values()
            .any(|p| p.owner == owner && (p.path == path || p.name == name))
        {
            return Err(invalid("name", "has already been taken"));
        }
        let id = data.next_id();
        let now = Rfc3339Timestamp::now();
        let record = ProjectRecord {
            id,
            name,
            path,
            owner,
            description: body.description.value().cloned(),
            default_branch: None,
            visibility: body.visibility.unwrap_or(Visibility::Private),
            created_at: now,
            updated_at: now,
            issues: BTreeMap::new(),
            next_iid: 1,
            labels: BTreeMap::new(),
            merge_requests: Vec::new(),
        };
        let base = ctx.public_url();
        let project = Views {
            data: &data,
            base: &base,
        }
        .project(&record);
        data.projects.insert(id, record);
        Ok(project)
    }

    async fn get_project(&self, ctx: RequestContext<'_>, id: &str) -> Result<Project, Error> {
        self.read(&ctx, id, |views, project| Ok(views.project(project)))
    }

    async fn update_project(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        body: ProjectChanges,
    ) -> Result<Project, Error> {
        let change = |project: &mut ProjectRecord, _: i64, _: Option<i64>| {
            if let Some(name) = body.name {
                project.name = name;
            }
            body.description.apply(&mut project.description);
            body.default_branch.apply(&mut project.default_branch);
            if let Some(visibility) = body.visibility {
                project.visibility = visibility;
            }
            Ok(())
        };
        self.write(&ctx, id, Needs::Maintainer, change, |views, project, ()| {
            views.project(project)
        })
    }

    async fn delete_project(&self, ctx: RequestContext<'_>, id: &str) -> Result<Message, Error> {
        let mut data = self.store.lock();
        let project = data
            .project(ctx.caller, id)
            .ok_or_else(|| Error::not_found_for("Project"))?;
        if !data.may_change(ctx.caller, project) {
            return Err(Error::Forbidden("Forbidden".into()));
        }
        let id = project.id;
        data.projects.remove(&id);
        Ok(Message {
            message: "202 Accepted".to_owned(),
        })
    }

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

    async fn list_labels(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        page: PageRequest,
    ) -> Result<Page<Label>, Error> {
        self.read(&ctx, id, |views, project| {
            let mut labels: Vec<Label> = project
                .labels
                .values()
                .map(|l| views.label(project, l))
                .collect();
            labels.sort_by(|a, b| a.name.cmp(&b.name));
            Ok(page.slice(&labels))
        })
    }

    async fn create_label(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        body: LabelCreate,
    ) -> Result<Label, Error> {
        if body.name.trim().is_empty() {
            return Err(invalid("name", "can't be blank"));
        }
        if !is_color(&body.color) {
            return Err(invalid("color", "is invalid"));
        }
        let change = |project: &mut ProjectRecord, fresh: i64, _: Option<i64>| {
            if project.labels.values().any(|l| l.name == body.name) {
                return Err(Error::Conflict("Label already exists".into()));
            }
            project.labels.insert(
                fresh,
                LabelRecord {
                    id: fresh,
                    name: body.name,
                    color: body.color,
                    description: body.description.value().cloned(),
                    priority: body.priority.value().copied(),
                },
            );
            Ok(fresh)
        };
        self.write(
            &ctx,
            id,
            Needs::Maintainer,
            change,
            |views, project, label| project.labels.get(&label).map(|l| views.label(project, l)),
        )?
        .ok_or_else(|| Error::Internal("the new label is gone".into()))
    }

    async fn update_label_by_name(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        body: LabelChanges,
    ) -> Result<Label, Error> {
        let name = body
            .name
            .clone()
            .ok_or_else(|| Error::BadRequest("name is missing".into()))?;
        self.relabel(&ctx, id, &name, body)
    }

    async fn update_label(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        label: &str,
        body: LabelChanges,
    ) -> Result<Label, Error> {
        self.relabel(&ctx, id, label, body)
    }

    async fn delete_label(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        label: &str,
    ) -> Result<(), Error> {
        let change = |project: &mut ProjectRecord, _: i64, _: Option<i64>| {
            let label = label_id(project, label)?;
            project.labels.remove(&label);
            Ok(())
        };
        self.write(&ctx, id, Needs::Maintainer, change, |_, _, ()| ())
    }

    async fn list_merge_requests(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        page: PageRequest,
        options: ListMergeRequestsOptions,
    ) -> Result<Page<MergeRequest>, Error> {
        let wanted = |state: MergeRequestState| match options.state {
            None | Some(MergeRequestStateFilter::All) => true,
            Some(MergeRequestStateFilter::Opened) => state == MergeRequestState::Opened,
            Some(MergeRequestStateFilter::Closed) => state == MergeRequestState::Closed,
            Some(MergeRequestStateFilter::Locked) => state == MergeRequestState::Locked,
            Some(MergeRequestStateFilter::Merged) => state == MergeRequestState::Merged,
        };
        self.read(&ctx, id, |views, project| {
            let found: Vec<MergeRequest> = project
                .merge_requests
                .iter()
                .filter(|mr| wanted(mr.state))
                .map(|mr| views.merge_request(project, mr))
                .collect();
            Ok(page.slice(&found))
        })
    }

    async fn get_merge_request(
        &self,
        ctx: RequestContext<'_>,
        id: &str,
        merge_request_iid: i64,
    ) -> Result<MergeRequest, Error> {
        let iid = merge_request_iid;
        self.read(&ctx, id, |views, project| {
            project
                .merge_requests
                .iter()
                .find(|mr| mr.iid == iid)
                .map(|mr| views.merge_request(project, mr))
                .ok_or_else(|| Error::not_found_for("Merge Request"))
        })
    }
}
