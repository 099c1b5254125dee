//! The S3-compatible store: what `DESEN_STORAGE_URL=s3://…` names, and the runtime its requests
//! run on.

use crate::StorageError;
use object_store::aws::AmazonS3Builder;
use secrecy::{ExposeSecret, SecretString};
use std::future::Future;

/// Where an S3-compatible bucket is and how to reach it. `Debug` never shows the secret.
#[derive(Debug, Clone, Default)]
pub struct S3Settings {
    pub bucket: String,
    /// Keys go under this folder of the bucket (`s3://bucket/some/folder`); empty: the root.
    pub prefix: String,
    /// E.g. `http://127.0.0.1:9000` for MinIO; unset: AWS (or `AWS_ENDPOINT`).
    pub endpoint: Option<String>,
    /// Unset: `AWS_REGION` / `AWS_DEFAULT_REGION`, else `us-east-1`.
    pub region: Option<String>,
    /// `bucket.host` addresses instead of `host/bucket` (path style, what MinIO and moto expect).
    pub virtual_hosted: bool,
    /// Unset: `AWS_ACCESS_KEY_ID`, or the credentials AWS gives the machine or container.
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<SecretString>,
}

impl S3Settings {
    /// Reads `s3://BUCKET[/PREFIX][?endpoint=URL&region=NAME&virtual_hosted=true]`. Credentials
    /// in the URL are refused: they would end up in logs.
    pub fn parse(url: &str) -> Result<S3Settings, StorageError> {
        let bad = |why: &str| StorageError::Config(format!("storage URL: {why}"));
        let parsed = url::Url::parse(url).map_err(|e| bad(&e.to_string()))?;
        if parsed.scheme() != "s3" {
            return Err(bad("only s3://BUCKET is supported"));
        }
        if !parsed.username().is_empty() || parsed.password().is_some() {
            return Err(bad(
                "credentials go in DESEN_STORAGE_ACCESS_KEY_ID and DESEN_STORAGE_SECRET_ACCESS_KEY, \
                 not in the URL",
            ));
        }
        let bucket = parsed
            .host_str()
            .filter(|b| !b.is_empty())
            .ok_or_else(|| bad("no bucket (s3://BUCKET)"))?;
        let mut settings = S3Settings {
            bucket: bucket.to_owned(),
            prefix: parsed.path().trim_matches('/').to_owned(),
            ..S3Settings::default()
        };
        if !settings.prefix.is_empty() {
            crate::object_path(&settings.prefix)
                .map_err(|_| bad("the folder is not a plain relative path"))?;
        }
        for (key, value) in parsed.query_pairs() {
            match key.as_ref() {
                "endpoint" => {
                    url::Url::parse(&value)
                        .map_err(|e| bad(&format!("endpoint {value:?}: {e}")))?;
                    settings.endpoint = Some(value.trim_end_matches('/').to_owned());
                }
                "region" => settings.region = Some(value.into_owned()),
                "virtual_hosted" => {
                    settings.virtual_hosted = value
                        .parse()
                        .map_err(|_| bad("virtual_hosted is true or false"))?;
                }
                other => return Err(bad(&format!("unknown parameter {other:?}"))),
            }
        }
        Ok(settings)
    }

    /// The URL again, fit for logs (it never holds a secret).
    pub fn describe(&self) -> String {
        let mut text = format!("s3://{}", self.bucket);
        if !self.prefix.is_empty() {
            text.push('/');
            text.push_str(&self.prefix);
        }
        if let Some(endpoint) = &self.endpoint {
            text.push_str(&format!(" at {endpoint}"));
        }
        text
    }

    pub(crate) fn builder(&self) -> AmazonS3Builder {
        // The standard AWS_* variables first (credentials, region, a container's role); what
        // Desen's own settings name wins.
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&self.bucket)
            .with_virtual_hosted_style_request(self.virtual_hosted);
        if let Some(endpoint) = &self.endpoint {
            // A plain-http endpoint is a local server (MinIO, moto): allow it.
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        if let Some(region) = &self.region {
            builder = builder.with_region(region);
        }
        if let Some(key) = &self.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &self.secret_access_key {
            builder = builder.with_secret_access_key(secret.expose_secret());
        }
        builder
    }
}

/// A small tokio runtime of the store's own: object_store's HTTP client needs one, and the
/// store's callers are actix workers (inside another runtime) and plain threads alike. Each call
/// is spawned here and its handle waited for on the caller's thread.
pub(crate) struct Runtime(Option<tokio::runtime::Runtime>);

impl Runtime {
    pub(crate) fn new() -> Result<Runtime, StorageError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("storage")
            .enable_all()
            .build()?;
        Ok(Runtime(Some(runtime)))
    }

    /// Runs `work` on this runtime and waits for it on the calling thread.
    pub(crate) fn run<T, F>(&self, work: F) -> Result<T, StorageError>
    where
        F: Future<Output = Result<T, StorageError>> + Send + 'static,
        T: Send + 'static,
    {
        let Some(runtime) = &self.0 else {
            return Err(StorageError::Task(
                "the storage runtime is shut down".into(),
            ));
        };
        let handle = runtime.spawn(work);
        // `unconstrained`: called from inside an actix task, tokio's cooperative budget of that
        // task must not make the handle answer "not yet" for ever.
        match futures::executor::block_on(tokio::task::unconstrained(handle)) {
            Ok(result) => result,
            Err(error) => Err(StorageError::Task(error.to_string())),
        }
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        // The last clone of a store may go on an actix worker, where a blocking shutdown panics.
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_storage_url() {
        let s = S3Settings::parse(
            "s3://desen/archive/objects?endpoint=http://127.0.0.1:9000/&region=eu-central-1",
        )
        .expect("parse");
        assert_eq!(s.bucket, "desen");
        assert_eq!(s.prefix, "archive/objects");
        assert_eq!(s.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(s.region.as_deref(), Some("eu-central-1"));
        assert!(!s.virtual_hosted);
        assert_eq!(
            s.describe(),
            "s3://desen/archive/objects at http://127.0.0.1:9000"
        );
        let plain = S3Settings::parse("s3://bucket?virtual_hosted=true").expect("parse");
        assert_eq!((plain.prefix.as_str(), plain.virtual_hosted), ("", true));
        for bad in [
            "s3://key:secret@bucket",
            "s3:///path",
            "file:///tmp/x",
            "s3://bucket?endpont=http://x",
            "s3://bucket/a//b",
            "s3://bucket?virtual_hosted=maybe",
        ] {
            assert!(
                matches!(S3Settings::parse(bad), Err(StorageError::Config(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn debug_never_shows_the_secret() {
        let settings = S3Settings {
            bucket: "b".into(),
            secret_access_key: Some(SecretString::from("very-secret-value")),
            ..S3Settings::default()
        };
        let shown = format!("{settings:?}");
        assert!(!shown.contains("very-secret-value"), "{shown}");
    }
}
