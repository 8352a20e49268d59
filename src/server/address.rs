//! Who a request comes from. Behind a proxy every connection comes from the proxy's address, so
//! the proxies the operator trusts (`--trusted-proxy`) may say whose it is: with the PROXY
//! protocol, a header before the first request (version 2, binary, HAProxy's `send-proxy-v2`;
//! or version 1, a line of text, `send-proxy`), or with `X-Forwarded-For`. Anyone else's header is not believed: their connection's own
//! address counts. The per-address limits then count the address so found, an IPv6 address as
//! its /64 network ([`limit_key`]), since one subscriber usually holds a whole /64.

use ipnet::IpNet;
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};
use tokio::time::Instant;

/// The address a request comes from, as the server believes it: the request's extension that
/// the handlers read.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddress(pub IpAddr);

/// The address the per-address limits count for `address`: an IPv6 address's /64 network
/// (its first 64 bits, the rest zero), an IPv4 address written in IPv6 as that IPv4 address.
pub fn limit_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// `text` as a network of trusted proxies: `10.0.0.0/24`, `fd00::/64`, or one address.
pub fn parse_network(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| {
            format!("--trusted-proxy {text:?}: give an IP address or a network (10.0.0.0/24)")
        })
}

/// Whether `address` lies in one of `networks`.
pub fn trusted(networks: &[IpNet], address: IpAddr) -> bool {
    let address = match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    };
    networks.iter().any(|network| network.contains(&address))
}

/// The client a trusted proxy names in `X-Forwarded-For` (each proxy appends the address it
/// was reached from): the last address that is not itself a trusted proxy. Without the header,
/// or when it holds no address, `peer` (the proxy itself).
pub fn forwarded_client(
    headers: &axum::http::HeaderMap,
    peer: IpAddr,
    networks: &[IpNet],
) -> IpAddr {
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        // An entry that is no address (`unknown`, a forgery) ends what can be believed.
        let Ok(address) = hop.trim().parse::<IpAddr>() else {
            break;
        };
        client = address;
        if !trusted(networks, address) {
            break;
        }
    }
    client
}

/// The PROXY protocol version 2's signature, the first 12 bytes of its header.
const PROXY_V2_SIGNATURE: &[u8; 12] = b"\r\n\r\n\0\r\nQUIT\n";

/// How a PROXY protocol version 1 header starts.
const PROXY_V1_PREFIX: &[u8; 6] = b"PROXY ";

/// The longest PROXY protocol version 1 line, its CRLF included.
const PROXY_V1_LONGEST: usize = 107;

/// Whether the bytes read so far are the start of `signature`, or start with it.
fn starts_as(read: &[u8], signature: &[u8]) -> bool {
    let common = read.len().min(signature.len());
    read[..common] == signature[..common]
}

/// What a trusted proxy's connection starts with.
pub struct ProxyHeader {
    /// The client the header names; none without a header, or for the proxy's own
    /// connections (a `LOCAL` header, as HAProxy's health checks send).
    pub client: Option<IpAddr>,
    /// The bytes read after the header (or all of them, without one): the first request's.
    pub rest: Vec<u8>,
}

/// Reads a PROXY protocol header (version 2 or 1) from the start of `stream`, if it starts with
/// one. A connection that does not (a plain HTTP request) is handed back whole, in `rest`. A
/// header that starts right but does not parse is an error.
pub async fn read_proxy_header<S: AsyncRead + Unpin>(stream: &mut S) -> io::Result<ProxyHeader> {
    let mut read = Vec::with_capacity(512);
    loop {
        let mut chunk = [0; 512];
        let count = stream.read(&mut chunk).await?;
        if count == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        read.extend_from_slice(&chunk[..count]);
        // The two starts differ in their first byte: at most one fits.
        let parsed = if starts_as(&read, PROXY_V2_SIGNATURE) {
            parse_v2(&read)
        } else if starts_as(&read, PROXY_V1_PREFIX) {
            parse_v1(&read)
        } else {
            return Ok(ProxyHeader {
                client: None,
                rest: read,
            });
        };
        // `None`: the header goes on in bytes not read yet. A version 2 header ends within
        // 16 + 65535 bytes (its length field is 16 bits), a version 1 line within
        // PROXY_V1_LONGEST.
        if let Some((length, client)) = parsed? {
            return Ok(ProxyHeader {
                client,
                rest: read.split_off(length),
            });
        }
    }
}

/// A header that does not parse.
fn unparsable(error: impl std::fmt::Display) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a PROXY header that does not parse: {error}"),
    )
}

/// The length of the version 2 header `read` starts with and the client it names; `None`
/// while it is incomplete.
fn parse_v2(read: &[u8]) -> io::Result<Option<(usize, Option<IpAddr>)>> {
    use ppp::v2::{Addresses, Command, Header, ParseError};
    match Header::try_from(read) {
        Ok(header) => {
            let client = match (header.command, header.addresses) {
                // The proxy's own connection (HAProxy's health checks send `LOCAL`).
                (Command::Local, _) => None,
                (Command::Proxy, Addresses::IPv4(ip)) => Some(IpAddr::V4(ip.source_address)),
                (Command::Proxy, Addresses::IPv6(ip)) => Some(IpAddr::V6(ip.source_address)),
                (Command::Proxy, _) => None,
            };
            Ok(Some((header.len(), client)))
        }
        Err(ParseError::Incomplete(_) | ParseError::Partial(..)) => Ok(None),
        Err(error) => Err(unparsable(error)),
    }
}

/// The length of the version 1 header `read` starts with and the client it names; `None`
/// while its line is incomplete.
fn parse_v1(read: &[u8]) -> io::Result<Option<(usize, Option<IpAddr>)>> {
    use ppp::v1::{Addresses, Header};
    // A line cut short may look broken (a port half read): only a whole line is judged.
    if !line_ended(read) && read.len() < PROXY_V1_LONGEST {
        return Ok(None);
    }
    let header = Header::try_from(read).map_err(unparsable)?;
    let client = match header.addresses {
        Addresses::Tcp4(ip) => Some(IpAddr::V4(ip.source_address)),
        Addresses::Tcp6(ip) => Some(IpAddr::V6(ip.source_address)),
        // `PROXY UNKNOWN`: the proxy's own connection.
        Addresses::Unknown => None,
    };
    Ok(Some((header.header.len(), client)))
}

/// Whether `read` holds a whole line: its first carriage return has a byte after it.
fn line_ended(read: &[u8]) -> bool {
    read.iter()
        .position(|&byte| byte == b'\r')
        .is_some_and(|end| end + 1 < read.len())
}

/// A stream whose first bytes were read already: they are read again first.
pub struct Rewound<S> {
    first: Vec<u8>,
    consumed: usize,
    stream: S,
}

impl<S> Rewound<S> {
    /// `stream`, with `first` read before what is still in it.
    pub fn new(first: Vec<u8>, stream: S) -> Rewound<S> {
        Rewound {
            first,
            consumed: 0,
            stream,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Rewound<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.consumed < this.first.len() {
            let left = &this.first[this.consumed..];
            let count = left.len().min(buffer.remaining());
            buffer.put_slice(&left[..count]);
            this.consumed += count;
            if this.consumed == this.first.len() {
                this.first = Vec::new();
                this.consumed = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(context, buffer)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Rewound<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(context, bytes)
    }

    fn poll_flush(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(context)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(context)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffers: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(context, buffers)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// A token bucket: `burst` at once, refilled at `per_second`.
pub struct TokenBucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl TokenBucket {
    pub fn new(per_second: u32, burst: u32) -> TokenBucket {
        TokenBucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            last: Instant::now(),
        }
    }

    /// Whether one more may pass at `now`.
    pub fn allow(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
    }

    /// Whether the bucket is full again by `now`, as good as a new one.
    fn rested(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// Each address's bucket of plain HTTP requests.
pub struct RequestLimiter {
    buckets: HashMap<IpAddr, TokenBucket>,
    /// How many buckets there may be before the rested ones are forgotten: twice those left
    /// after the last time, so that forgetting costs a constant time per request.
    prune_at: usize,
    per_second: u32,
    burst: u32,
}

/// Addresses tracked at least before the rested buckets are forgotten.
const TRACKED_ADDRESSES: usize = 4096;

impl RequestLimiter {
    pub fn new(per_second: u32, burst: u32) -> RequestLimiter {
        RequestLimiter {
            buckets: HashMap::new(),
            prune_at: TRACKED_ADDRESSES,
            per_second,
            burst,
        }
    }

    /// Whether one more request of `address` (its [`limit_key`]) may pass now.
    pub fn allow(&mut self, address: IpAddr) -> bool {
        let now = Instant::now();
        if self.buckets.len() >= self.prune_at {
            // A full bucket is what a new address gets: forgetting it changes nothing.
            self.buckets.retain(|_, bucket| !bucket.rested(now));
            self.prune_at = (self.buckets.len() * 2).max(TRACKED_ADDRESSES);
        }
        let (per_second, burst) = (self.per_second, self.burst);
        self.buckets
            .entry(limit_key(address))
            .or_insert_with(|| TokenBucket::new(per_second, burst))
            .allow(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv6_addresses_count_as_their_64_network_and_ipv4_as_itself() {
        assert_eq!(limit_key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            limit_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            limit_key(ip("2001:db8:1:2::7"))
        );
        assert_ne!(
            limit_key(ip("2001:db8:1:3::1")),
            limit_key(ip("2001:db8:1:2::1"))
        );
        assert_eq!(limit_key(ip("203.0.113.9")), ip("203.0.113.9"));
        assert_eq!(limit_key(ip("::ffff:203.0.113.9")), ip("203.0.113.9"));
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let networks: Vec<IpNet> = ["10.0.0.0/24", "fd00::5", "127.0.0.1"]
            .map(|text| parse_network(text).unwrap())
            .into();
        assert!(trusted(&networks, ip("10.0.0.200")));
        assert!(trusted(&networks, ip("::ffff:10.0.0.3")));
        assert!(trusted(&networks, ip("fd00::5")));
        assert!(!trusted(&networks, ip("fd00::6")));
        assert!(!trusted(&networks, ip("10.0.1.1")));
        assert!(!trusted(&networks, ip("127.0.0.2")));
        for bad in ["10.0.0.0/33", "proxy.internal", ""] {
            let refusal = parse_network(bad).unwrap_err();
            assert!(refusal.starts_with("--trusted-proxy"), "{refusal}");
        }
    }

    #[test]
    fn forwarded_for_names_the_last_address_no_trusted_proxy_holds() {
        let networks = vec![parse_network("10.0.0.0/8").unwrap()];
        let peer = ip("10.0.0.1");
        let with = |values: &[&str]| {
            let mut headers = HeaderMap::new();
            for value in values {
                headers.append("x-forwarded-for", value.parse().unwrap());
            }
            forwarded_client(&headers, peer, &networks)
        };
        assert_eq!(with(&[]), peer);
        assert_eq!(with(&["198.51.100.7"]), ip("198.51.100.7"));
        // The client may write anything first: only what the trusted proxies appended counts.
        assert_eq!(with(&["1.2.3.4, 198.51.100.7"]), ip("198.51.100.7"));
        assert_eq!(
            with(&["1.2.3.4", "198.51.100.7, 10.0.0.9"]),
            ip("198.51.100.7")
        );
        assert_eq!(with(&["forged, 10.0.0.9"]), ip("10.0.0.9"));
        assert_eq!(with(&["2001:db8::1"]), ip("2001:db8::1"));
    }

    fn proxy_v2(client: &str) -> Vec<u8> {
        let source: std::net::SocketAddr = client.parse().unwrap();
        let destination: std::net::SocketAddr = if source.is_ipv4() {
            "10.0.0.2:7878".parse().unwrap()
        } else {
            "[fd00::2]:7878".parse().unwrap()
        };
        ppp::v2::Builder::with_addresses(
            ppp::v2::Version::Two | ppp::v2::Command::Proxy,
            ppp::v2::Protocol::Stream,
            (source, destination),
        )
        .build()
        .unwrap()
    }

    #[tokio::test]
    async fn a_proxy_header_names_the_client_and_the_request_follows_it() {
        for client in ["198.51.100.7:50000", "[2001:db8::9]:50000"] {
            let mut bytes = proxy_v2(client);
            bytes.extend_from_slice(b"GET /health HTTP/1.1\r\n\r\n");
            // Arriving a byte at a time changes nothing.
            let mut stream = tokio_test_reader(bytes, 1);
            let header = read_proxy_header(&mut stream).await.unwrap();
            let client: std::net::SocketAddr = client.parse().unwrap();
            assert_eq!(header.client, Some(client.ip()));
            let mut rest = Rewound::new(header.rest, stream);
            let mut request = String::new();
            rest.read_to_string(&mut request).await.unwrap();
            assert_eq!(request, "GET /health HTTP/1.1\r\n\r\n");
        }
    }

    #[tokio::test]
    async fn a_version_1_header_names_the_client_and_the_request_follows_it() {
        let headers = [
            (
                "PROXY TCP4 198.51.100.7 10.0.0.2 50000 7878\r\n",
                Some("198.51.100.7"),
            ),
            (
                "PROXY TCP6 2001:db8::9 fd00::2 50000 7878\r\n",
                Some("2001:db8::9"),
            ),
            ("PROXY UNKNOWN\r\n", None),
        ];
        for (line, client) in headers {
            for step in [1, 5, 512] {
                let mut bytes = line.as_bytes().to_vec();
                bytes.extend_from_slice(b"GET /health HTTP/1.1\r\n\r\n");
                let mut stream = tokio_test_reader(bytes, step);
                let header = read_proxy_header(&mut stream).await.unwrap();
                assert_eq!(header.client, client.map(ip), "{line:?}");
                let mut rest = Rewound::new(header.rest, stream);
                let mut request = String::new();
                rest.read_to_string(&mut request).await.unwrap();
                assert_eq!(request, "GET /health HTTP/1.1\r\n\r\n");
            }
        }
    }

    #[tokio::test]
    async fn a_broken_version_1_header_is_refused() {
        let long = format!("PROXY TCP6 {}", "1".repeat(120));
        let broken = [
            "PROXY TCP4 198.51.100.7\r\nGET / HTTP/1.1\r\n\r\n",
            "PROXY TCP4 300.1.1.1 10.0.0.2 50000 7878\r\n",
            "PROXY TCP5 198.51.100.7 10.0.0.2 50000 7878\r\n",
            long.as_str(),
        ];
        for text in broken {
            let mut stream = tokio_test_reader(text.as_bytes().to_vec(), 3);
            assert!(read_proxy_header(&mut stream).await.is_err(), "{text:?}");
        }
    }

    #[tokio::test]
    async fn a_request_without_a_header_is_handed_back_whole_and_a_broken_one_refused() {
        let mut stream = tokio_test_reader(b"GET / HTTP/1.1\r\n\r\n".to_vec(), 4);
        let header = read_proxy_header(&mut stream).await.unwrap();
        assert_eq!(header.client, None);
        let mut rest = Rewound::new(header.rest, stream);
        let mut request = String::new();
        rest.read_to_string(&mut request).await.unwrap();
        assert_eq!(request, "GET / HTTP/1.1\r\n\r\n");

        let mut broken = proxy_v2("198.51.100.7:50000");
        broken[12] = 0x31; // version 3
        let mut stream = tokio_test_reader(broken, 64);
        assert!(read_proxy_header(&mut stream).await.is_err());
    }

    /// `bytes` as a stream that hands out `step` bytes a read.
    fn tokio_test_reader(bytes: Vec<u8>, step: usize) -> impl AsyncRead + Unpin {
        struct Trickle(Vec<u8>, usize, usize);
        impl AsyncRead for Trickle {
            fn poll_read(
                mut self: Pin<&mut Self>,
                _: &mut Context<'_>,
                buffer: &mut ReadBuf<'_>,
            ) -> Poll<io::Result<()>> {
                let Trickle(bytes, at, step) = &mut *self;
                let count = (*step).min(bytes.len() - *at).min(buffer.remaining());
                buffer.put_slice(&bytes[*at..*at + count]);
                *at += count;
                Poll::Ready(Ok(()))
            }
        }
        Trickle(bytes, 0, step)
    }

    #[test]
    fn a_limiter_forgets_rested_addresses_only() {
        let mut limiter = RequestLimiter::new(1, 2);
        let busy = ip("198.51.100.7");
        assert!(limiter.allow(busy));
        assert!(limiter.allow(busy));
        assert!(!limiter.allow(busy), "past the burst");
        // Another address in the same /64 shares a bucket; another network does not.
        assert!(limiter.allow(ip("2001:db8::1")));
        assert!(limiter.allow(ip("2001:db8::2")));
        assert!(!limiter.allow(ip("2001:db8::3")));
        assert!(limiter.allow(ip("2001:db8:0:1::1")));
        for host in 0..TRACKED_ADDRESSES as u32 * 3 {
            limiter.allow(IpAddr::V4((0x0a00_0000 + host).into()));
        }
        assert!(!limiter.allow(busy), "an empty bucket is not forgotten");
        assert!(limiter.prune_at > limiter.buckets.len());
    }
}
