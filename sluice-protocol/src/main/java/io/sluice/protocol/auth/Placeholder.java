package io.sluice.protocol.auth; final class Placeholder { private Placeholder() {} }
