//! The records as answers: GitLab's shapes, with every key present (`null` where there is
//! no value) and absolute URLs on the URL the request reached the service at.

use crate::api::types::{
    CurrentUser, Issue, IssueLinks, IssueState, Label, MergeRequest, MergeRequestState, Namespace,
    Note, Project, References, TaskCompletion, TimeStats, UserBasic,
};
use crate::store::{
    Data, IssueRecord, LabelRecord, MergeRequestRecord, NoteRecord, ProjectRecord, UserRecord,
};

/// What every view needs: the data (for names and paths) and the base URL.
pub(crate) struct Views<'a> {
    pub(crate) data: &'a Data,
    pub(crate) base: &'a str,
}

impl Views<'_> {
    pub(crate) fn user(&self, user: &UserRecord) -> UserBasic {
        UserBasic {
            id: user.id,
            username: user.username.clone(),
            name: user.name.clone(),
            state: "active".to_owned(),
            avatar_url: None,
            web_url: format!("{}/{}", self.base, user.username),
        }
    }

    /// User `id`, or a stand-in for one that is gone.
    pub(crate) fn user_by_id(&self, id: i64) -> UserBasic {
        match self.data.user(id) {
            Some(user) => self.user(user),
            None => UserBasic {
                id,
                username: "ghost".to_owned(),
                name: "Ghost User".to_owned(),
                state: "blocked".to_owned(),
                avatar_url: None,
                web_url: format!("{}/ghost", self.base),
            },
        }
    }

    pub(crate) fn current_user(&self, user: &UserRecord) -> CurrentUser {
        let basic = self.user(user);
        CurrentUser {
            id: basic.id,
            username: basic.username,
            name: basic.name,
            state: basic.state,
            avatar_url: None,
            web_url: basic.web_url,
            created_at: user.created_at,
            bio: None,
            public_email: None,
            email: user.email.clone(),
            is_admin: user.admin,
        }
    }

    fn full_path(&self, project: &ProjectRecord) -> String {
        self.data
            .full_path(project)
            .unwrap_or_else(|| format!("ghost/{}", project.path))
    }

    pub(crate) fn project(&self, project: &ProjectRecord) -> Project {
        let owner = self.user_by_id(project.owner);
        let full_path = self.full_path(project);
        let web_url = format!("{}/{full_path}", self.base);
        let host = self
            .base
            .split("://")
            .nth(1)
            .unwrap_or(self.base)
            .split(['/', ':'])
            .next()
            .unwrap_or_default();
        let open = project
            .issues
            .values()
            .filter(|i| i.state == IssueState::Opened)
            .count();
        Project {
            id: project.id,
            name: project.name.clone(),
            path: project.path.clone(),
            name_with_namespace: format!("{} / {}", owner.name, project.name),
            path_with_namespace: full_path.clone(),
            description: project.description.clone(),
            default_branch: project.default_branch.clone(),
            visibility: project.visibility,
            http_url_to_repo: format!("{web_url}.git"),
            ssh_url_to_repo: format!("git@{host}:{full_path}.git"),
            readme_url: None,
            avatar_url: None,
            created_at: project.created_at,
            updated_at: project.updated_at,
            last_activity_at: project.updated_at,
            namespace: Namespace {
                id: owner.id,
                name: owner.name.clone(),
                path: owner.username.clone(),
                kind: "user".to_owned(),
                full_path: owner.username.clone(),
                parent_id: None,
                avatar_url: None,
                web_url: owner.web_url.clone(),
            },
            topics: Vec::new(),
            forks_count: 0,
            star_count: 0,
            open_issues_count: open as i64,
            issues_enabled: true,
            merge_requests_enabled: true,
            archived: false,
            empty_repo: project.default_branch.is_none(),
            creator_id: project.owner,
            web_url,
        }
    }

    fn references(&self, project: &ProjectRecord, sign: char, iid: i64) -> References {
        References {
            short: format!("{sign}{iid}"),
            relative: format!("{sign}{iid}"),
            full: format!("{}{sign}{iid}", self.full_path(project)),
        }
    }

    pub(crate) fn issue(&self, project: &ProjectRecord, issue: &IssueRecord) -> Issue {
        let api = format!(
            "{}/api/v4/projects/{}/issues/{}",
            self.base, project.id, issue.iid
        );
        Issue {
            id: issue.id,
            iid: issue.iid,
            project_id: project.id,
            title: issue.title.clone(),
            description: issue.description.clone(),
            state: issue.state,
            created_at: issue.created_at,
            updated_at: issue.updated_at,
            closed_at: issue.closed_at,
            closed_by: issue.closed_by.map(|id| self.user_by_id(id)),
            labels: issue.labels.clone(),
            milestone: None,
            author: self.user_by_id(issue.author),
            assignee: None,
            assignees: Vec::new(),
            user_notes_count: issue.notes.len() as i64,
            upvotes: 0,
            downvotes: 0,
            merge_requests_count: 0,
            due_date: issue.due_date.clone(),
            confidential: issue.confidential,
            discussion_locked: None,
            has_tasks: false,
            subscribed: false,
            type_: "ISSUE".to_owned(),
            issue_type: "issue".to_owned(),
            web_url: format!(
                "{}/{}/-/issues/{}",
                self.base,
                self.full_path(project),
                issue.iid
            ),
            references: self.references(project, '#', issue.iid),
            time_stats: TimeStats {
                time_estimate: 0,
                total_time_spent: 0,
                human_time_estimate: None,
                human_total_time_spent: None,
            },
            task_completion_status: TaskCompletion {
                count: 0,
                completed_count: 0,
            },
            links: IssueLinks {
                notes: format!("{api}/notes"),
                award_emoji: format!("{api}/award_emoji"),
                project: format!("{}/api/v4/projects/{}", self.base, project.id),
                self_: api,
            },
        }
    }

    pub(crate) fn note(
        &self,
        project: &ProjectRecord,
        issue: &IssueRecord,
        note: &NoteRecord,
    ) -> Note {
        Note {
            id: note.id,
            body: note.body.clone(),
            author: self.user_by_id(note.author),
            created_at: note.created_at,
            updated_at: note.updated_at,
            system: false,
            noteable_id: issue.id,
            noteable_type: "Issue".to_owned(),
            noteable_iid: issue.iid,
            project_id: project.id,
            resolvable: false,
            confidential: false,
            internal: false,
            attachment: None,
            type_: None,
        }
    }

    pub(crate) fn label(&self, project: &ProjectRecord, label: &LabelRecord) -> Label {
        let count = |state: IssueState| {
            project
                .issues
                .values()
                .filter(|i| i.state == state && i.labels.contains(&label.name))
                .count() as i64
        };
        Label {
            id: label.id,
            name: label.name.clone(),
            color: label.color.clone(),
            text_color: "#FFFFFF".to_owned(),
            description: label.description.clone(),
            description_html: label.description.clone().unwrap_or_default(),
            open_issues_count: count(IssueState::Opened),
            closed_issues_count: count(IssueState::Closed),
            open_merge_requests_count: 0,
            subscribed: false,
            priority: label.priority,
            is_project_label: true,
        }
    }

    pub(crate) fn merge_request(
        &self,
        project: &ProjectRecord,
        mr: &MergeRequestRecord,
    ) -> MergeRequest {
        MergeRequest {
            id: mr.id,
            iid: mr.iid,
            project_id: project.id,
            title: mr.title.clone(),
            description: None,
            state: mr.state,
            created_at: mr.created_at,
            updated_at: mr.created_at,
            merged_at: None,
            closed_at: None,
            merged_by: None,
            closed_by: None,
            source_branch: mr.source_branch.clone(),
            target_branch: mr.target_branch.clone(),
            source_project_id: project.id,
            target_project_id: project.id,
            author: self.user_by_id(mr.author),
            assignee: None,
            assignees: Vec::new(),
            reviewers: Vec::new(),
            labels: Vec::new(),
            draft: false,
            work_in_progress: false,
            merge_status: "can_be_merged".to_owned(),
            detailed_merge_status: if mr.state == MergeRequestState::Opened {
                "mergeable".to_owned()
            } else {
                "not_open".to_owned()
            },
            has_conflicts: false,
            sha: format!("{:040x}", mr.id),
            merge_commit_sha: None,
            user_notes_count: 0,
            references: self.references(project, '!', mr.iid),
            web_url: format!(
                "{}/{}/-/merge_requests/{}",
                self.base,
                self.full_path(project),
                mr.iid
            ),
        }
    }
}
