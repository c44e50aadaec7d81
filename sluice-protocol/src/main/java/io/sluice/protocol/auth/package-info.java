/**
 * Authentication exchanges as pure functions: SCRAM-SHA-256 (with channel binding), MD5 and
 * cleartext. No I/O: the connection feeds server messages in and writes what comes out.
 */
package io.sluice.protocol.auth;
