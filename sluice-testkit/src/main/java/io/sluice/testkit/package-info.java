package io.sluice.testkit;
