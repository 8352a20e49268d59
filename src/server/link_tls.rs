//! TLS on the cluster's links, when the operator gives the files: this node's certificate and
//! key, served on its cluster listener, and the authority whose certificates it trusts on the
//! other nodes' listeners (`scripts/cluster-cert.sh` makes a small one). The link's bearer
//! secret then travels inside TLS.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, ServerConfig};
use tokio_rustls::{TlsAcceptor, TlsConnector};

/// The files of the cluster's TLS, in PEM.
#[derive(Clone, Debug)]
pub struct LinkTlsFiles {
    /// This node's certificate chain (`--cluster-tls-cert`).
    pub certificate: PathBuf,
    /// Its private key (`--cluster-tls-key`).
    pub key: PathBuf,
    /// The authority that signs every node's certificate (`--cluster-tls-ca`).
    pub authority: PathBuf,
}

/// Both ends of the links' TLS.
#[derive(Clone)]
pub struct LinkTls {
    /// Accepts the other nodes' links on this node's cluster listener.
    pub acceptor: TlsAcceptor,
    /// Opens this node's links to the others.
    pub connector: TlsConnector,
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

fn certificates(path: &Path, flag: &str) -> Result<Vec<CertificateDer<'static>>, String> {
    let certificates = CertificateDer::pem_file_iter(path)
        .and_then(|certificates| certificates.collect::<Result<Vec<_>, _>>())
        .map_err(|error| format!("--{flag} {}: {error}", path.display()))?;
    if certificates.is_empty() {
        return Err(format!("--{flag} {}: no certificate in it", path.display()));
    }
    Ok(certificates)
}

impl LinkTls {
    /// Reads `files`, or says which one is wrong and why.
    pub fn load(files: &LinkTlsFiles) -> Result<LinkTls, String> {
        let chain = certificates(&files.certificate, "cluster-tls-cert")?;
        let key = PrivateKeyDer::from_pem_file(&files.key)
            .map_err(|error| format!("--cluster-tls-key {}: {error}", files.key.display()))?;
        let mut roots = RootCertStore::empty();
        for authority in certificates(&files.authority, "cluster-tls-ca")? {
            roots.add(authority).map_err(|error| {
                format!("--cluster-tls-ca {}: {error}", files.authority.display())
            })?;
        }
        let server = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|error| error.to_string())?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|error| format!("--cluster-tls-cert and --cluster-tls-key: {error}"))?;
        let client = ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|error| error.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(LinkTls {
            acceptor: TlsAcceptor::from(Arc::new(server)),
            connector: TlsConnector::from(Arc::new(client)),
        })
    }
}

/// The name a node's certificate must hold to be reached at `address` (`host:port`): its host,
/// a DNS name or an IP address.
pub fn server_name(address: &str) -> Result<ServerName<'static>, String> {
    let host = address.rsplit_once(':').map_or(address, |(host, _)| host);
    let host = host.trim_start_matches('[').trim_end_matches(']');
    ServerName::try_from(host.to_string())
        .map_err(|error| format!("{address}: no name to check a certificate against: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_empty_file_is_named_by_its_flag() {
        let folder = std::env::temp_dir().join(format!("kawu-link-tls-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let empty = folder.join("empty.pem");
        std::fs::write(&empty, "").unwrap();
        let files = |certificate: &Path| LinkTlsFiles {
            certificate: certificate.to_path_buf(),
            key: folder.join("node.key"),
            authority: folder.join("ca.pem"),
        };
        let missing = LinkTls::load(&files(&folder.join("none.pem")))
            .err()
            .unwrap();
        assert!(missing.starts_with("--cluster-tls-cert"), "{missing}");
        let empty = LinkTls::load(&files(&empty)).err().unwrap();
        assert!(empty.contains("no certificate"), "{empty}");
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn a_node_is_checked_against_its_address_host() {
        assert_eq!(
            server_name("10.0.0.11:7879").unwrap(),
            ServerName::try_from("10.0.0.11").unwrap()
        );
        assert_eq!(
            server_name("[fd00::11]:7879").unwrap(),
            ServerName::try_from("fd00::11").unwrap()
        );
        assert_eq!(
            server_name("node-a.internal:7879").unwrap(),
            ServerName::try_from("node-a.internal").unwrap()
        );
    }
}
