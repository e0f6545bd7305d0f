//! An in-memory implementation of `fixtures/payments` (times as Unix seconds, form bodies),
//! and a loopback server to run it, for the runtime's tests of those conventions.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::{
    CursorPage, CursorRequest, RequestContext, Settings, UnixTimestamp, WithHeaders,
};

use crate::build_script::payments::options::ListCustomersOptions;
use crate::build_script::payments::response_headers::{
    GetProductResponseHeaders, NotFoundErrorHeaders,
};
use crate::build_script::payments::types::{
    Customer, CustomerCreate, Images, Product, ProductCreate,
};
use crate::build_script::payments::{CustomersHandlers, Error, ProductsHandlers, router};

/// The customers, by id (`cus_1` is there from the start), and the products. The API
/// version each request was served under, as its handler read it.
#[derive(Debug, Clone)]
pub struct Payments {
    customers: Arc<Mutex<BTreeMap<String, Customer>>>,
    products: Arc<Mutex<BTreeMap<String, Product>>>,
    versions: Arc<Mutex<Vec<String>>>,
}

impl Payments {
    /// A service holding customer `cus_1`, created at 1735689600.
    pub fn new() -> Self {
        let first = Customer {
            id: "cus_1".to_owned(),
            object: "customer".to_owned(),
            created: UnixTimestamp::from_unix_seconds(1_735_689_600),
            email: None,
            balance: 0,
            tax_exempt: false,
            metadata: BTreeMap::new(),
            expand: Vec::new(),
        };
        let customers = BTreeMap::from([(first.id.clone(), first)]);
        Payments {
            customers: Arc::new(Mutex::new(customers)),
            products: Arc::default(),
            versions: Arc::default(),
        }
    }

    /// The API versions (`Stripe-Version`) the handlers read, one per request, in order.
    pub fn versions(&self) -> Vec<String> {
        self.versions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Notes the API version a handler's request is served under (the sent one, or the
    /// spec's default).
    fn note_version(&self, ctx: &RequestContext<'_>) {
        let version = ctx.echoed("stripe-version").unwrap_or("(none)");
        self.versions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(version.to_owned());
    }

    /// Serves the service on a loopback port until the test's runtime ends; answers its
    /// base URL.
    pub async fn serve(self) -> std::io::Result<String> {
        let app = router(self, Settings::default());
        restspec_runtime::example_tests::serve_on_loopback(app).await
    }
}

impl Default for Payments {
    fn default() -> Self {
        Self::new()
    }
}

#[allow(refining_impl_trait)]
impl CustomersHandlers for Payments {
    async fn resolve_customers(
        &self,
        _: &restspec_runtime::Caller,
        customer: &str,
    ) -> Result<bool, Error> {
        let customers = self
            .customers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        Ok(customers.contains_key(customer))
    }

    async fn create_customer(
        &self,
        ctx: RequestContext<'_>,
        body: CustomerCreate,
    ) -> Result<Customer, Error> {
        self.note_version(&ctx);
        let mut customers = self
            .customers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let customer = Customer {
            id: format!("cus_{}", customers.len() + 1),
            object: "customer".to_owned(),
            created: UnixTimestamp::now(),
            email: body.email,
            balance: body.balance.unwrap_or(0),
            tax_exempt: body.tax_exempt.unwrap_or(false),
            metadata: body.metadata.unwrap_or_default(),
            expand: body.expand.unwrap_or_default(),
        };
        customers.insert(customer.id.clone(), customer.clone());
        Ok(customer)
    }

    /// The customers oldest first, those of `email` when it is given, each with the
    /// `expand` list it was asked for (as read, in order).
    async fn list_customers(
        &self,
        _: RequestContext<'_>,
        page: CursorRequest,
        options: ListCustomersOptions,
    ) -> Result<CursorPage<Customer>, Error> {
        let customers = self
            .customers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut oldest_first: Vec<Customer> = customers
            .values()
            .filter(|c| options.email.is_none() || c.email == options.email)
            .filter(|c| {
                options.balances.is_empty()
                    || options.balances.iter().any(|b| i64::from(*b) == c.balance)
            })
            .filter(|c| {
                options
                    .created_after
                    .is_none_or(|after| c.created.as_unix_seconds() > after.as_unix_seconds())
            })
            .filter(|c| {
                (options.metadata_filter.iter())
                    .all(|(key, value)| c.metadata.get(key) == Some(value))
            })
            .filter(|c| {
                options
                    .created_gte
                    .is_none_or(|from| c.created.as_unix_seconds() >= from.as_unix_seconds())
            })
            .filter(|c| {
                // The day the customer was made, in UTC, before the one asked for.
                options.created_before.is_none_or(|day| {
                    c.created.as_unix_seconds() < i64::from(day.days_since_unix_epoch()) * 86_400
                })
            })
            .cloned()
            .map(|c| Customer {
                expand: options.expand.clone(),
                metadata: if options.with_metadata {
                    c.metadata
                } else {
                    Default::default()
                },
                ..c
            })
            .collect();
        oldest_first.sort_by_key(|c| c.id.trim_start_matches("cus_").parse::<u64>().ok());
        page.slice(&oldest_first, |c| c.id.clone()).ok_or_else(|| {
            // The cursor the request sent, named by its parameter.
            let (param, cursor) = match (&page.cursor, &page.before) {
                (None, Some(before)) => ("ending_before", before.as_str()),
                (cursor, _) => ("starting_after", cursor.as_deref().unwrap_or_default()),
            };
            Error::InvalidRequestError(format!("No such customer: '{cursor}'").into())
                .with_field(param)
                .with_code("resource_missing")
        })
    }

    async fn get_customer(
        &self,
        ctx: RequestContext<'_>,
        customer: &str,
    ) -> Result<Customer, Error> {
        self.note_version(&ctx);
        let customers = self
            .customers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        customers.get(customer).cloned().ok_or_else(|| {
            Error::NotFound(format!("No such customer: {customer}").into())
                .with_field("customer")
                .with_code("resource_missing")
        })
    }
}

#[allow(refining_impl_trait)]
impl ProductsHandlers for Payments {
    async fn resolve_products(
        &self,
        _: &restspec_runtime::Caller,
        product: &str,
    ) -> Result<bool, Error> {
        let products = self.products.lock().unwrap_or_else(PoisonError::into_inner);
        match products.contains_key(product) {
            true => Ok(true),
            // The row's header: a retry will not find it either.
            false => Err(
                Error::NotFound(format!("No such product: {product}").into()).with_headers(
                    &NotFoundErrorHeaders {
                        stripe_should_retry: Some(false),
                    },
                ),
            ),
        }
    }

    async fn create_product(
        &self,
        _: RequestContext<'_>,
        body: ProductCreate,
    ) -> Result<Product, Error> {
        let mut products = self.products.lock().unwrap_or_else(PoisonError::into_inner);
        let product = Product {
            id: format!("prod_{}", products.len() + 1),
            object: "product".to_owned(),
            name: body.name,
            unit_amount: body.unit_amount,
            images: match body.images {
                Some(Images::List(images)) => images,
                Some(Images::String(image)) => vec![image],
                None => Vec::new(),
            },
        };
        products.insert(product.id.clone(), product.clone());
        Ok(product)
    }

    /// A product, with its version (`ETag`, required: the type has no `Option`) and its
    /// tags as response headers; its stock is not counted (`X-Stock` left out).
    async fn get_product(
        &self,
        _: RequestContext<'_>,
        product: &str,
    ) -> Result<WithHeaders<Product, GetProductResponseHeaders>, Error> {
        let products = self.products.lock().unwrap_or_else(PoisonError::into_inner);
        let found = products
            .get(product)
            .cloned()
            .ok_or_else(|| Error::NotFound(format!("No such product: {product}").into()))?;
        let headers = GetProductResponseHeaders {
            etag: format!("\"{}-{}\"", found.id, found.name.len()),
            x_stock: None,
            x_tags: vec!["new".to_owned(), "blue".to_owned()],
        };
        Ok(WithHeaders::new(found, headers))
    }
}
