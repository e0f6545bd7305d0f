//! A project's labels: the business rules of the `labels` section of the `projects` family
//! (maintainers change them; a label is named by its number or its name).

use restspec_runtime::{Page, PageRequest, RequestContext};

use crate::Gitlab;
use crate::api::types::{Label, LabelChanges, LabelCreate};
use crate::api::{Error, ProjectsLabelsHandlers};
use crate::rules::{Needs, change_label, invalid, is_color, label_id};
use crate::store::{LabelRecord, ProjectRecord};

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
impl ProjectsLabelsHandlers for Gitlab {
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
}
