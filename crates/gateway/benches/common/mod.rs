//! What the gateway benches share: the real `desen` binary (release build) serving on a port, a
//! keep-alive HTTP/1.1 client, latency figures, and (in [`archive`]) a generated archive in a
//! fresh SQLite or PostgreSQL database.
#![allow(dead_code, reason = "each bench uses part of the helpers")]

pub mod archive;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Duration;

/// The `q` quantile (0..=1) of sorted latencies, in milliseconds.
pub fn percentile(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1e3
}

/// The machine's 1-minute load average: other work on the cores skews every figure.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// A folder removed when the bench ends.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("desen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("creating the bench folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `desen serve`, stopped when dropped.
pub struct Server(Child);

impl Server {
    /// The peak resident memory of the server since start (or since [`Server::reset_peak`]), in MiB.
    pub fn peak_rss_mib(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.0.id()))
            .expect("the server's /proc status");
        let kib: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM");
        kib / 1024.0
    }

    /// Starts measuring the peak anew (Linux: writing 5 to `clear_refs` resets VmHWM).
    pub fn reset_peak(&self) {
        std::fs::write(format!("/proc/{}/clear_refs", self.0.id()), "5")
            .expect("resetting the peak");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `desen` with the default configuration, its files in `dir`, the database at `database_url`,
/// listening on `address`, sessions in process and sign-in rate limits out of the way.
pub fn desen(dir: &Path, database_url: &str, address: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_desen"));
    command
        .env(
            "DESEN_CONFIG",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/default.toml"),
        )
        .env("DESEN_DATA_DIR", dir)
        .env("DATABASE_URL", database_url)
        .env("DESEN_LISTEN", address)
        .env("DESEN_STATIC_DIR", dir)
        .env("DESEN_LOG", "warn")
        .env(
            "DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_EMAIL__MAX",
            "100000000",
        )
        .env(
            "DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_IP__MAX",
            "100000000",
        )
        .env_remove("REDIS_URL");
    command
}

/// Starts `desen serve` (prepared by [`desen`]) and waits until it accepts connections.
pub fn serve(mut command: Command, address: &str) -> Server {
    let child = command
        .arg("serve")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("starting desen");
    let server = Server(child);
    for _ in 0..300 {
        if TcpStream::connect(address).is_ok() {
            return server;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("desen did not start");
}

/// A keep-alive HTTP/1.1 client: enough for form posts with JSON answers.
pub struct Client {
    writer: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Client {
    pub fn new(address: &str) -> Client {
        let stream = TcpStream::connect(address).expect("connecting to desen");
        stream.set_nodelay(true).expect("TCP_NODELAY");
        Client {
            reader: BufReader::new(stream.try_clone().expect("cloning the stream")),
            writer: stream,
        }
    }

    /// One request; answers the status and the body.
    pub fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> (u16, String) {
        let (status, bytes) = self.call_bytes(method, path, token, body);
        (status, String::from_utf8(bytes).expect("a UTF-8 body"))
    }

    /// One request; answers the status and the body's bytes (an image).
    pub fn call_bytes(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> (u16, Vec<u8>) {
        let token = token
            .map(|t| format!("Access-Token: {t}\r\n"))
            .unwrap_or_default();
        write!(
            self.writer,
            "{method} {path} HTTP/1.1\r\nHost: bench\r\n{token}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("writing the request");
        let mut line = String::new();
        self.reader
            .read_line(&mut line)
            .expect("reading the status");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("an HTTP status line");
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("reading a header");
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().expect("a content length");
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).expect("reading the body");
        (status, body)
    }

    /// Signs in through `login_collection`; answers the access token.
    pub fn sign_in(&mut self, email: &str, password: &str) -> String {
        let (status, answer) = self.call(
            "POST",
            "/service/account/login_collection",
            None,
            &format!(
                "mailAddress={}&password={password}",
                email.replace('@', "%40")
            ),
        );
        assert_eq!(status, 200, "{answer}");
        answer
            .split("\"accessToken\":\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("an access token")
            .to_owned()
    }

    /// Signs an admin in and through the second factor (enrolling an authenticator); answers the
    /// validated access token.
    pub fn sign_in_admin(&mut self, email: &str, password: &str) -> String {
        let token = self.sign_in(email, password);
        let (status, answer) = self.call(
            "POST",
            "/service/account/second-factor/enroll",
            Some(&token),
            "",
        );
        assert_eq!(status, 200, "{answer}");
        let secret = answer
            .split("\"secret\":\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("a secret");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("a clock after 1970")
            .as_secs();
        let code = accounts::credentials::totp::code_at(secret, now).expect("a code");
        let (status, answer) = self.call(
            "POST",
            "/service/account/second-factor/verify",
            Some(&token),
            &format!("code={code}"),
        );
        assert_eq!(status, 200, "{answer}");
        token
    }
}

/// An RGB design file of `side` x `side` px at 150 dpi: shapes and a fine texture, so LZW finds
/// what it finds in real designs (neither flat colour nor noise).
pub fn write_rgb_design(path: &Path, side: u32, seed: u32) {
    use imaging::{ChannelInfo, ChannelKind, ColorMode, RowMut, TiffOptions, WriteSpec};
    let spec = WriteSpec {
        width: side,
        height: side,
        bit_depth: 8,
        color_mode: ColorMode::Rgb,
        dpi: 150.0,
        channels: ["Red", "Green", "Blue"]
            .map(|name| ChannelInfo {
                name: name.into(),
                kind: ChannelKind::Process,
                color: None,
            })
            .into(),
        layer_names: Vec::new(),
        icc_profile: None,
    };
    let file = std::io::BufWriter::new(std::fs::File::create(path).expect("a design file"));
    imaging::write_tiff_streaming(file, &spec, &TiffOptions::default(), |y, row| {
        let RowMut::U8(row) = row else {
            unreachable!("8-bit rows")
        };
        for (x, px) in row.chunks_exact_mut(3).enumerate() {
            let x = x as u32;
            let shape = ((x / 97 + y / 131 + seed) % 5) as u8 * 40;
            let texture = ((x * 7 + y * 13 + seed) % 17) as u8;
            px.copy_from_slice(&[shape + texture, 200 - shape / 2, texture * 9]);
        }
        Ok(())
    })
    .expect("writing a design file");
}
