package io.sluice.protocol; final class Placeholder { private Placeholder() {} }
