(ns hooks.sluice.core
  "How clj-kondo should read sluice.core's macros.")

(defmacro with-transaction
  "[tx connectable opts] binds tx to the transaction; opts is an expression."
  [[sym connectable opts] & body]
  `(let [~sym ~connectable] ~opts ~@body))
